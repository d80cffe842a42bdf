import { createBrowserService } from './browser';

describe('browser service', () => {
  it('navigates in the app through the router and leaves or reloads through location', () => {
    const navigate = jest.fn();
    const location = { assign: jest.fn(), reload: jest.fn() };
    const browser = createBrowserService(navigate, location);
    browser.navigate('/licenses');
    browser.assign('https://contact.example/');
    browser.reload();
    expect(navigate).toHaveBeenCalledWith('/licenses');
    expect(location.assign).toHaveBeenCalledWith('https://contact.example/');
    expect(location.reload).toHaveBeenCalledTimes(1);
  });
});
