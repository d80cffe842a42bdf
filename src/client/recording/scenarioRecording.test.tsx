import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../app/store';
import { emailSubmitted, appStarted } from '../features/session/sessionSlice';
import { createFakeServices, ok } from '../test/fakeServices';
import { SCENARIO_STORAGE_KEYS, type StoredRecording } from './recordingFlag';
import { setUpScenarioRecording } from './scenarioRecording';

// The recorder as QA meets it in the browser: switched on by the flag or configuration, recording
// intents, saga actions and exchanges, kept across a reload, offered as a file.

function openAt(url: string) {
  window.history.replaceState(null, '', url);
}

function setUp(options: { recording?: boolean } = {}) {
  const fake = createFakeServices({
    config: { recording: options.recording },
    http: { 'GET /api/email-validator': ok({ isGoogleAccount: true }) },
  });
  const { config, ...services } = fake.services;
  let recording: ReturnType<typeof setUpScenarioRecording> | undefined;
  act(() => {
    recording = setUpScenarioRecording(config, services);
  });
  if (!recording) throw new Error('not set up');
  const store = makeStore({
    context: { ...recording.services, config },
    middleware: recording.middleware,
  });
  return { fake, services, recording, store };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  delete window.portalScenario;
  document.body.innerHTML = '';
});

it('does nothing without the record flag or configuration', () => {
  openAt('/?customer=licenses');
  const { services, recording } = setUp();
  expect(recording.services).toBe(services);
  expect(recording.middleware).toEqual([]);
  expect(window.portalScenario).toBeUndefined();
  expect(screen.queryByRole('button', { name: 'Download scenario' })).not.toBeInTheDocument();
});

it('records intents, saga actions, exchanges and storage writes with ?record', async () => {
  openAt('/?customer=licenses&record');
  window.localStorage.setItem('email', 'old@acme.example');
  const { store } = setUp();
  store.dispatch(appStarted({ destination: 'licenses' }));
  store.dispatch(emailSubmitted({ email: 'admin@acme.example' }));
  await settle();

  const scenario = window.portalScenario?.current('Admin confirms the address');
  expect(scenario?.title).toBe('Admin confirms the address');
  expect(scenario?.start.url).toBe('/?customer=licenses');
  expect(scenario?.start.localStorage).toEqual({ email: 'old@acme.example' });
  expect(scenario?.steps.map((step) => step.kind)).toEqual([
    'intent',
    'storage',
    'intent',
    'http',
    'storage',
    'action',
  ]);
  expect(scenario?.steps[3]).toEqual({
    kind: 'http',
    request: {
      method: 'GET',
      path: '/api/email-validator',
      query: { email: 'admin@acme.example' },
      xsrf: false,
    },
    response: { status: 200, body: { isGoogleAccount: true } },
  });
  expect(scenario?.finalState.state).toEqual(JSON.parse(JSON.stringify(store.getState())));
  expect(await screen.findByRole('status')).toHaveTextContent('Recording scenario: 6 steps');
});

it('keeps the recording in session storage and offers the previous page after a reload', () => {
  openAt('/?record');
  const first = setUp();
  first.store.dispatch(appStarted({ destination: '' }));
  const firstId = window.portalScenario?.id;
  const stored = JSON.parse(
    window.sessionStorage.getItem(SCENARIO_STORAGE_KEYS.current) ?? 'null',
  ) as StoredRecording;
  expect(stored.id).toBe(firstId);
  expect(stored.scenario.steps[0]).toEqual({
    kind: 'intent',
    action: { type: 'session/appStarted', payload: { destination: '' } },
  });

  document.body.innerHTML = '';
  setUp();
  const previous = JSON.parse(
    window.sessionStorage.getItem(SCENARIO_STORAGE_KEYS.previous) ?? 'null',
  ) as StoredRecording;
  expect(previous.id).toBe(firstId);
  expect(
    screen.getByRole('button', { name: "Download previous page's scenario" }),
  ).toBeInTheDocument();
});

it('is switched on by the configuration and downloads the scenario as a JSON file', async () => {
  openAt('/');
  const created: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob);
    return 'blob:scenario';
  };
  URL.revokeObjectURL = () => undefined;
  const clicked: string[] = [];
  const click = jest
    .spyOn(HTMLAnchorElement.prototype, 'click')
    .mockImplementation(function recordClick(this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  setUp({ recording: true });
  await userEvent.click(screen.getByRole('button', { name: 'Download scenario' }));
  click.mockRestore();
  expect(clicked).toEqual([`scenario-${window.portalScenario?.id}.json`]);
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(created[0] as Blob);
  });
  expect(JSON.parse(text)).toMatchObject({ format: 1, start: { url: '/' }, steps: [] });
});
