import { StyleProvider } from '@ant-design/cssinjs';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/App';
import { createMemoryPortalRouter } from '../app/routes';
import { startPage } from '../app/startPage';
import type { AppStore } from '../app/store';
import { createFakeServices, FAKE_ACCESS_TOKEN, ok } from '../../testing/client/fakeServices';
import { sampleSubscription } from '../../contract/sampleSubscription';
import { SCENARIO_STORAGE_KEYS, type StoredRecording } from './recordingStorage';
import {
  scriptReadableCookies,
  setUpScenarioRecording,
  type ScenarioRecordingSetUp,
} from './scenarioRecording';

// The recorder as QA meets it in the browser: on only when the server allows it, recording the
// person's events on accessible names beside the intents they produced, the sagas' actions and
// exchanges, the screen's locations, with secrets as placeholders; kept across a reload, offered as
// a file, with e-mail addresses and ids pseudonymised unless unticked.

jest.setTimeout(20_000);
// The lazy dashboard compiles antd on first import, which takes seconds on a busy machine.
configure({ asyncUtilTimeout: 8_000 });

const XSRF_VALUE = 'xsrf-secret-value';
let cookies: Record<string, string> = {};
let recording: ScenarioRecordingSetUp | undefined;
let unmount: (() => void) | undefined;

function openPortal(options: { recording?: boolean; url?: string } = {}) {
  const url = options.url ?? '/';
  window.history.replaceState(null, '', url);
  const fake = createFakeServices({
    config: { recording: options.recording },
    http: {
      'GET /api/email-validator': ok({ isGoogleAccount: true }),
      'GET /api/subscription-info': () => {
        cookies['XSRF-TOKEN'] = XSRF_VALUE;
        document.cookie = `XSRF-TOKEN=${XSRF_VALUE}`;
        return ok(sampleSubscription());
      },
    },
  });
  const router = createMemoryPortalRouter(url);
  const { config, ...fakeServices } = fake.services;
  // In-app moves of the sagas move the router, as the browser service does.
  const services = {
    ...fakeServices,
    browser: { ...fakeServices.browser, navigate: (path: string) => void router.navigate(path) },
  };
  // The recorder mounts its panel and the first intent updates it: both inside act, like render.
  let setUp: ScenarioRecordingSetUp = { services, middleware: [], dispose: () => undefined };
  let store: AppStore | undefined;
  act(() => {
    setUp = setUpScenarioRecording(config, services, router);
    recording = setUp;
    store = startPage({
      config,
      services: setUp.services,
      middleware: setUp.middleware,
      location: new URL(url, 'http://localhost'),
    });
  });
  if (store === undefined) throw new Error('the page did not start');
  const view = render(
    <StyleProvider mock="server">
      <App store={store} router={router} config={config} />
    </StyleProvider>,
  );
  unmount = view.unmount;
  return { fake, services, setUp, store, user: userEvent.setup({ delay: null }) };
}

const URL_FUNCTIONS = ['createObjectURL', 'revokeObjectURL'] as const;
const urlFunctionsBefore = URL_FUNCTIONS.map((name) => Object.getOwnPropertyDescriptor(URL, name));

function objectUrls(functions: Record<(typeof URL_FUNCTIONS)[number], unknown>) {
  for (const name of URL_FUNCTIONS) {
    Object.defineProperty(URL, name, {
      configurable: true,
      writable: true,
      value: functions[name],
    });
  }
}

function restoreObjectUrls() {
  URL_FUNCTIONS.forEach((name, index) => {
    const before = urlFunctionsBefore[index];
    if (before) Object.defineProperty(URL, name, before);
    else Reflect.deleteProperty(URL, name);
  });
}

const emailBox = () => screen.getByRole('textbox', { name: 'Email address' });

let consoleErrors: jest.SpyInstance;
beforeEach(() => {
  consoleErrors = jest.spyOn(console, 'error');
  cookies = {};
  document.cookie = 'XSRF-TOKEN=; max-age=0';
  window.sessionStorage.clear();
  window.localStorage.clear();
});

afterEach(() => {
  unmount?.();
  unmount = undefined;
  act(() => recording?.dispose());
  recording = undefined;
  // Every update of the screen and the recorder's panel happened inside act.
  const outsideAct = consoleErrors.mock.calls.filter((call) => String(call[0]).includes('act('));
  jest.restoreAllMocks();
  restoreObjectUrls();
  window.history.replaceState(null, '', '/');
  expect(outsideAct).toEqual([]);
});

afterAll(() => {
  // Every root this file mounted is gone: the portal's and the recorder's panel.
  expect(document.body.querySelector('[data-scenario-recorder]')).toBeNull();
  expect(document.body.childElementCount).toBe(0);
  expect(URL_FUNCTIONS.map((name) => Object.getOwnPropertyDescriptor(URL, name))).toEqual(
    urlFunctionsBefore,
  );
});

it('does nothing unless the configuration allows recording, whatever the query says', () => {
  const { services, setUp } = openPortal({ url: '/?record' });
  expect(setUp.services).toBe(services);
  expect(setUp.middleware).toEqual([]);
  expect(window.portalScenario).toBeUndefined();
  expect(screen.queryByRole('complementary', { name: 'Scenario recording' })).toBeNull();
});

it('records the person’s events on accessible names before the intents they produced', async () => {
  const { user } = openPortal({ recording: true });
  await user.type(emailBox(), 'admin@acme.example');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('button', { name: 'Sign in with Google' });

  // The addresses as typed, to show the steps; downloads pseudonymise them by default (below).
  const scenario = window.portalScenario?.current('Admin confirms the address', {
    pseudonymiseEmails: false,
  });
  expect(scenario?.title).toBe('Admin confirms the address');
  expect(scenario?.start.url).toBe('/');
  expect(scenario?.steps).toEqual([
    { kind: 'intent', action: { type: 'session/appStarted', payload: { destination: '' } } },
    { kind: 'storage', call: 'removeTokenData' },
    { kind: 'user', action: 'click', target: { role: 'textbox', name: 'Email address' } },
    // Eighteen keystrokes with nothing in between are one fill with the field's final text.
    {
      kind: 'user',
      action: 'fill',
      target: { role: 'textbox', name: 'Email address' },
      text: 'admin@acme.example',
    },
    { kind: 'user', action: 'click', target: { role: 'button', name: 'Next' } },
    {
      kind: 'intent',
      action: { type: 'session/emailSubmitted', payload: { email: 'admin@acme.example' } },
    },
    {
      kind: 'http',
      request: {
        method: 'GET',
        path: '/api/email-validator',
        query: { email: 'admin@acme.example' },
        xsrf: false,
      },
      response: { status: 200, body: { isGoogleAccount: true } },
    },
    { kind: 'storage', call: 'setEmail', value: 'admin@acme.example' },
    {
      kind: 'action',
      action: { type: 'session/emailConfirmed', payload: { email: 'admin@acme.example' } },
    },
  ]);
  expect(await screen.findByRole('status')).toHaveTextContent('Recording scenario: 9 steps');
});

it('records keys, screen checks and the locations the screen moved to', async () => {
  const { user } = openPortal({ recording: true, url: '/forbidden' });
  await screen.findByRole('textbox', { name: 'Email address' });
  await user.click(emailBox());
  await user.keyboard('{Enter}');
  const handle = window.portalScenario;
  expect(handle?.shows({ target: { role: 'button', name: 'Next' }, disabled: true })).toBe(true);
  expect(() => handle?.see({ target: { role: 'button', name: 'Sign in with Google' } })).toThrow(
    /The screen does not show/,
  );
  act(() => handle?.see({ target: { role: 'button', name: 'Next' }, disabled: true }));
  const steps = handle?.current().steps ?? [];
  expect(steps.filter((step) => ['route', 'user', 'see'].includes(step.kind))).toEqual([
    // The guard sent the person home: no saga asked for it, the screen's location says so.
    { kind: 'route', path: '/' },
    { kind: 'user', action: 'click', target: { role: 'textbox', name: 'Email address' } },
    {
      kind: 'user',
      action: 'key',
      target: { role: 'textbox', name: 'Email address' },
      key: 'Enter',
    },
    { kind: 'see', target: { role: 'button', name: 'Next' }, disabled: true },
  ]);
});

it('writes access tokens and XSRF values as placeholders, equal values equal', async () => {
  const { user } = openPortal({ recording: true });
  await user.type(emailBox(), 'admin@acme.example');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
  await screen.findByRole('region', { name: 'Total Licenses' });

  const scenario = window.portalScenario?.current();
  const text = JSON.stringify(scenario);
  const stored = window.sessionStorage.getItem(SCENARIO_STORAGE_KEYS.current) ?? '';
  for (const secret of [FAKE_ACCESS_TOKEN, XSRF_VALUE]) {
    expect(text).not.toContain(secret);
    expect(stored).not.toContain(secret);
  }
  const identity = scenario?.steps.find((step) => step.kind === 'identity');
  expect(identity).toMatchObject({ result: { token: { accessToken: 'access-token-1' } } });
  expect(scenario?.steps).toContainEqual(
    expect.objectContaining({
      kind: 'http',
      request: expect.objectContaining({ headers: { 'x-goog-token': 'access-token-1' } }),
      response: expect.objectContaining({ cookies: { 'XSRF-TOKEN': 'xsrf-token-1' } }),
    }),
  );
  expect(scenario?.steps).toContainEqual(
    expect.objectContaining({ kind: 'storage', call: 'setTokenData' }),
  );
  expect(text).toContain('"token":"access-token-1"');
});

it('keeps the recording in session storage and offers the previous page after a reload', async () => {
  openPortal({ recording: true });
  const firstId = window.portalScenario?.id;
  const stored = JSON.parse(
    window.sessionStorage.getItem(SCENARIO_STORAGE_KEYS.current) ?? 'null',
  ) as StoredRecording;
  expect(stored.id).toBe(firstId);
  expect(stored.scenario.steps[0]).toEqual({
    kind: 'intent',
    action: { type: 'session/appStarted', payload: { destination: '' } },
  });

  unmount?.();
  act(() => recording?.dispose());
  expect(document.body.querySelector('[data-scenario-recorder]')).toBeNull();
  expect(document.body).toHaveTextContent('');
  openPortal({ recording: true });
  const previous = JSON.parse(
    window.sessionStorage.getItem(SCENARIO_STORAGE_KEYS.previous) ?? 'null',
  ) as StoredRecording;
  expect(previous.id).toBe(firstId);
  expect(
    await screen.findByRole('button', { name: "Download previous page's scenario" }),
  ).toBeInTheDocument();
});

it('downloads the scenario as a JSON file, e-mail addresses pseudonymised unless unticked', async () => {
  // jsdom has no object URLs; these stand-ins are removed again after the test.
  const created: Blob[] = [];
  objectUrls({
    createObjectURL: (blob: Blob) => {
      created.push(blob);
      return 'blob:scenario';
    },
    revokeObjectURL: () => undefined,
  });
  const clicked: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function recordClick(
    this: HTMLAnchorElement,
  ) {
    clicked.push(this.download);
  });
  const { user } = openPortal({ recording: true });
  await user.type(emailBox(), 'admin@acme.example');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('button', { name: 'Sign in with Google' });
  const pseudonymise = screen.getByRole('checkbox', {
    name: 'Pseudonymise e-mail addresses and ids',
  });
  expect(pseudonymise).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Download scenario' }));
  expect(clicked).toEqual([`scenario-${window.portalScenario?.id}.json`]);
  const read = (blob: Blob) => blob.text();
  const text = await read(created[0] as Blob);
  expect(text).not.toContain('admin@acme.example');
  expect(JSON.parse(text)).toMatchObject({
    format: 2,
    start: { url: '/' },
    steps: expect.arrayContaining([
      { kind: 'storage', call: 'setEmail', value: 'person-01@acme.example' },
    ]),
  });
  // Unticked, the file keeps the addresses as the page showed them.
  await user.click(pseudonymise);
  await user.click(screen.getByRole('button', { name: 'Download scenario' }));
  expect(await read(created[1] as Blob)).toContain('admin@acme.example');
  // The panel's own controls are not the portal's: none of them is in the recording.
  await waitFor(() =>
    expect(JSON.stringify(window.portalScenario?.current())).not.toContain('Download'),
  );
});

describe('the XSRF cookie the recorder notices', () => {
  it('reads the one the page names, __Host-XSRF-TOKEN over https, under the format’s one name', () => {
    const text = 'XSRF-TOKEN=planted; __Host-XSRF-TOKEN=genuine; theme=dark';
    expect(scriptReadableCookies(text, '__Host-XSRF-TOKEN')).toEqual({ 'XSRF-TOKEN': 'genuine' });
    expect(scriptReadableCookies('theme=dark; XSRF-TOKEN=plain')).toEqual({
      'XSRF-TOKEN': 'plain',
    });
    expect(scriptReadableCookies('theme=dark', '__Host-XSRF-TOKEN')).toEqual({});
  });
});
