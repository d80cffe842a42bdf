import { saveTextFile } from './download';

describe('saveTextFile', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    jest.restoreAllMocks();
  });

  it('hands the text to the browser as a named download through a blob address, then frees it', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:portal/1';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    saveTextFile('history.csv', '"a","b"\r\n');

    expect(clicked).toEqual([{ href: 'blob:portal/1', download: 'history.csv', attached: true }]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    // Node's Blob, which the test environment puts beside jsdom's window, reads itself.
    const content = await blobs[0]?.text();
    expect(content).toBe('"a","b"\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:portal/1');
  });
});
