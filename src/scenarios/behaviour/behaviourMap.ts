import { ERROR_TEXT } from '../../contract/errors';
import { isValidDelegateEmail } from '../../contract/email';
import { TOKEN_LIFETIME_MS } from '../../contract/limits';
import type { ElementRef, Scenario, ScenarioStep } from '../../scenarioFormat/scenario';

// How each flow and error branch of docs/behaviour.md shows in a scenario's steps: a scenario
// exercises an item when its recorded steps contain the item's evidence, in order (what the person
// did or what started the page, what the portal asked, what it answered, what came of it).

type Step = ScenarioStep;
type Test = (step: Step, scenario: Scenario) => boolean;

/** Whether the steps hold a match of each test, one after another. */
function inOrder(scenario: Scenario, ...tests: Test[]): boolean {
  let next = 0;
  for (const step of scenario.steps) {
    const test = tests[next];
    if (!test) break;
    if (test(step, scenario)) next += 1;
  }
  return next === tests.length;
}

const none = (scenario: Scenario, test: Test) =>
  !scenario.steps.some((step) => test(step, scenario));

/** The steps before the person's first event: what the page did on its own as it started. */
function onStart(scenario: Scenario): Scenario {
  const first = scenario.steps.findIndex((step) => step.kind === 'user');
  return first < 0 ? scenario : { ...scenario, steps: scenario.steps.slice(0, first) };
}

const intent =
  (type: string): Test =>
  (step) =>
    step.kind === 'intent' && step.action.type === type;
const action =
  (type: string, payload: (value: Record<string, unknown>) => boolean = () => true): Test =>
  (step) =>
    step.kind === 'action' &&
    step.action.type === type &&
    payload((step.action.payload ?? {}) as Record<string, unknown>);

const http =
  (method: 'GET' | 'POST', path: string, answer: (status: number, body: string) => boolean): Test =>
  (step) =>
    step.kind === 'http' &&
    step.request.method === method &&
    step.request.path === path &&
    answer(step.response.status, JSON.stringify(step.response.body));
const ok = (status: number) => status >= 200 && status < 300;
const failed = (status: number) => !ok(status);

const removedToken: Test = (step) => step.kind === 'storage' && step.call === 'removeTokenData';
const storedEmail: Test = (step) => step.kind === 'storage' && step.call === 'setEmail';
const assignTo =
  (where: 'contactUrl' | 'helpdeskUrl'): Test =>
  (step, scenario) =>
    step.kind === 'assign' && step.url === scenario.start.config[where];
const navigateTo =
  (path: string): Test =>
  (step) =>
    step.kind === 'navigate' && step.path === path;
const routeTo =
  (path: string): Test =>
  (step) =>
    step.kind === 'route' && step.path.split('?')[0] === path;
const reload: Test = (step) => step.kind === 'reload';
const logged: Test = (step) => step.kind === 'log';

const sameElement = (a: ElementRef, role: string, name: string) =>
  a.role === role && a.name === name;
const sees =
  (role: string, name: string, state: 'present' | 'absent' | 'disabled' = 'present'): Test =>
  (step) =>
    step.kind === 'see' &&
    'target' in step &&
    sameElement(step.target, role, name) &&
    (state === 'absent'
      ? step.absent === true
      : state === 'disabled'
        ? step.disabled === true
        : step.absent !== true);
const seesText =
  (text: string): Test =>
  (step) =>
    step.kind === 'see' && 'text' in step && step.text === text && step.absent !== true;
const fills =
  (name: string, text: (value: string) => boolean = () => true): Test =>
  (step) =>
    step.kind === 'user' && step.action === 'fill' && step.target.name === name && text(step.text);

const seesTextLike =
  (pattern: RegExp): Test =>
  (step) =>
    step.kind === 'see' && 'text' in step && pattern.test(step.text) && step.absent !== true;
const clicks =
  (role: string, name: string): Test =>
  (step) =>
    step.kind === 'user' && step.action === 'click' && sameElement(step.target, role, name);

const SUBSCRIPTION = '/api/subscription-info';
const SIGN_OUT = '/api/sign-out';
const HISTORY = '/api/history';
const VALIDATOR = '/api/email-validator';
const ADD_LICENCE = '/api/add-licence';
const DELEGATE_PATHS = ['/api/licence-delegate', '/api/support-delegate'];
const delegateCall =
  (method: 'GET' | 'POST', answer: (status: number) => boolean): Test =>
  (step) =>
    step.kind === 'http' &&
    step.request.method === method &&
    DELEGATE_PATHS.includes(step.request.path) &&
    answer(step.response.status);

const loaded = (payload: (user: Record<string, unknown>) => boolean) =>
  action('subscription/subscriptionLoaded', payload);
const roles = (user: Record<string, unknown>) =>
  (user.accessRoles ?? {}) as { license?: boolean; support?: boolean };

const tokenFromIdentity: Test = (step) => step.kind === 'identity' && 'token' in step.result;
/** The token was stored to expire 59 minutes after a reading of the page's clock. */
const storedForLifetime: Test = (step, scenario) => {
  if (step.kind !== 'storage' || step.call !== 'setTokenData') return false;
  const { start, readings } = scenario.start.clock;
  return readings.some((reading) => step.value.expiry === start + reading + TOKEN_LIFETIME_MS);
};

const subscriptionFailed = (body: (text: string) => boolean): Test =>
  http('GET', SUBSCRIPTION, (status, text) => failed(status) && body(text));
const otherFailure = (text: string) =>
  !text.includes(ERROR_TEXT.notACustomerPrefix) &&
  !text.includes(ERROR_TEXT.insufficientScopes) &&
  !text.includes('Expected OAuth 2 access token');

const startPath = (scenario: Scenario) => scenario.start.url.split('?')[0] ?? '/';

/** Item number → how a scenario shows that it exercised it. */
export const BEHAVIOUR_MAP: Record<string, (scenario: Scenario) => boolean> = {
  '4.1': (s) =>
    inOrder(onStart(s), intent('session/appStarted'), removedToken) &&
    none(onStart(s), action('subscription/subscriptionRequested')),
  '4.2': (s) =>
    inOrder(
      onStart(s),
      intent('session/appStarted'),
      action('subscription/subscriptionRequested'),
      http('GET', SUBSCRIPTION, ok),
      loaded(() => true),
      routeTo('/licenses'),
    ),
  '4.3': (s) =>
    inOrder(onStart(s), intent('session/appStarted'), assignTo('helpdeskUrl')) &&
    none(onStart(s), removedToken),
  '4.4': (s) =>
    inOrder(s, intent('session/emailSubmitted'), assignTo('contactUrl')) &&
    none(
      s,
      http('GET', VALIDATOR, () => true),
    ),
  '4.5': (s) =>
    inOrder(
      s,
      intent('session/emailSubmitted'),
      http(
        'GET',
        VALIDATOR,
        (status, body) => ok(status) && body.includes('"isGoogleAccount":false'),
      ),
      assignTo('contactUrl'),
    ),
  '4.6': (s) =>
    inOrder(
      s,
      intent('session/emailSubmitted'),
      http(
        'GET',
        VALIDATOR,
        (status, body) => ok(status) && body.includes('"isGoogleAccount":true'),
      ),
      storedEmail,
      action('session/emailConfirmed'),
      sees('button', 'Sign in with Google'),
    ),
  '4.7': (s) =>
    inOrder(
      s,
      action('session/emailConfirmed'),
      fills('Email address'),
      intent('session/confirmedEmailEdited'),
      sees('button', 'Sign in with Google', 'absent'),
    ),
  '4.8': (s) => inOrder(s, intent('session/signInRequested'), tokenFromIdentity, storedForLifetime),
  '4.9': (s) =>
    inOrder(
      s,
      tokenFromIdentity,
      action('subscription/subscriptionRequested'),
      http('GET', SUBSCRIPTION, ok),
      loaded(() => true),
      navigateTo('/licenses'),
      routeTo('/licenses'),
    ),
  '4.10': (s) => inOrder(s, tokenFromIdentity, storedForLifetime, assignTo('helpdeskUrl')),
  '4.11': (s) =>
    inOrder(
      s,
      loaded((user) => user.isAdmin === true && user.isAnnual === true),
      sees('button', 'Delegate access menu'),
    ),
  '4.12': (s) =>
    inOrder(
      s,
      loaded((user) => user.isAdmin === false && roles(user).license === true),
      sees('spinbutton', 'Add Licenses'),
    ) && inOrder(s, sees('button', 'Delegate access menu', 'absent')),
  '4.13': (s) =>
    inOrder(
      s,
      loaded((user) => user.isAdmin === false && roles(user).license !== true),
      sees('spinbutton', 'Add Licenses', 'absent'),
    ),
  '4.14': (s) =>
    inOrder(
      s,
      loaded((user) => user.isAnnual === false),
      sees('link', 'Learn more in the Help Center'),
    ),
  '4.15': (s) =>
    inOrder(
      s,
      intent('subscription/addLicencesRequested'),
      intent('subscription/addLicencesCancelled'),
    ) &&
    none(
      s,
      http('POST', ADD_LICENCE, () => true),
    ),
  '4.16': (s) =>
    inOrder(
      s,
      intent('subscription/addLicencesConfirmed'),
      http('POST', ADD_LICENCE, ok),
      action('subscription/addLicencesSucceeded'),
      intent('subscription/successDialogClosed'),
      reload,
    ),
  '4.17': (s) =>
    inOrder(
      s,
      intent('delegates/dialogOpened'),
      delegateCall('GET', ok),
      action('delegates/membersLoaded'),
      intent('delegates/dialogClosed'),
    ),
  '4.18': (s) =>
    inOrder(
      s,
      intent('delegates/memberAddRequested'),
      delegateCall('POST', ok),
      action('delegates/memberAdded'),
    ),
  '4.19': (s) =>
    inOrder(
      s,
      intent('delegates/memberDeleteRequested'),
      delegateCall('POST', ok),
      action('delegates/memberDeleted'),
    ),
  '4.20': (s) =>
    inOrder(
      s,
      fills('Enter Email Address', (text) => text.length > 0 && !isValidDelegateEmail(text)),
      sees('button', 'Add', 'disabled'),
    ) &&
    none(s, intent('delegates/memberAddRequested')) &&
    none(
      s,
      delegateCall('POST', () => true),
    ),
  '4.21': (s) =>
    startPath(s) === '/forbidden' &&
    inOrder(s, routeTo('/')) &&
    none(s, action('errors/forbiddenErrorStored')),
  '4.22': (s) =>
    startPath(s) === '/licenses' &&
    inOrder(s, routeTo('/')) &&
    !inOrder(
      s,
      loaded(() => true),
      routeTo('/'),
    ),
  '4.23': (s) => startPath(s) === '/support' && none(onStart(s), (step) => step.kind === 'route'),
  '4.24': (s) =>
    inOrder(
      s,
      intent('session/signOutRequested'),
      http('POST', SIGN_OUT, ok),
      removedToken,
      (step) => step.kind === 'revoke',
      action('session/signedOut'),
      navigateTo('/'),
      routeTo('/'),
    ),
  '4.25': (s) =>
    inOrder(
      s,
      loaded(() => true),
      seesTextLike(/^\d+ of \d+ licenses? assigned, \d+ free$/),
    ),
  '4.26': (s) =>
    inOrder(
      s,
      seesTextLike(/licenses are assigned/),
      clicks('button', 'Add more licenses'),
      sees('spinbutton', 'Add Licenses'),
    ),
  '4.27': (s) =>
    inOrder(
      s,
      loaded((user) => user.status === 'SUSPENDED' || user.status === 'PENDING'),
      seesTextLike(/^This subscription is/),
      sees('spinbutton', 'Add Licenses', 'absent'),
    ),
  '4.28': (s) =>
    inOrder(
      s,
      intent('history/historyOpened'),
      http('GET', HISTORY, ok),
      action('history/pageLoaded'),
      intent('history/nextPageRequested'),
      http('GET', HISTORY, ok),
      intent('history/previousPageRequested'),
      intent('history/kindChosen'),
      intent('history/csvRequested'),
      action('history/csvReady'),
      intent('history/historyClosed'),
    ),

  '8.1': (s) =>
    inOrder(
      s,
      subscriptionFailed((text) => text.includes(ERROR_TEXT.notACustomerPrefix)),
      removedToken,
      assignTo('contactUrl'),
    ),
  '8.2': (s) =>
    inOrder(
      s,
      subscriptionFailed((text) => text.includes(ERROR_TEXT.insufficientScopes)),
      removedToken,
      navigateTo('/'),
      reload,
    ),
  '8.3': (s) =>
    inOrder(
      s,
      subscriptionFailed((text) => text.includes('Expected OAuth 2 access token')),
      removedToken,
      reload,
    ),
  '8.4': (s) =>
    inOrder(
      s,
      subscriptionFailed(otherFailure),
      removedToken,
      action('errors/forbiddenErrorStored'),
      navigateTo('/forbidden'),
      seesText('ERROR DESCRIPTION: 403 - Forbidden! Access Denied.'),
    ),
  '8.5': (s) =>
    inOrder(
      s,
      (step) => step.kind === 'identity' && 'error' in step.result,
      logged,
      action('session/signInEnded'),
    ),
  '8.6': (s) =>
    inOrder(
      s,
      http('GET', VALIDATOR, (status, body) => failed(status) || !body.includes('isGoogleAccount')),
      logged,
      action('session/emailCheckStopped'),
    ),
  '8.7': (s) =>
    inOrder(
      s,
      http('POST', ADD_LICENCE, failed),
      action('errors/errorDialogShown'),
      action('subscription/addLicencesFailed'),
    ),
  '8.8': (s) =>
    inOrder(
      s,
      delegateCall('POST', failed),
      action('errors/errorDialogShown'),
      action('delegates/memberChangeFailed'),
    ),
  '8.10': (s) =>
    inOrder(s, http('POST', SIGN_OUT, failed), logged, removedToken, action('session/signedOut')),
  '8.11': (s) =>
    inOrder(
      s,
      http('GET', HISTORY, failed),
      action('history/pageLoadFailed'),
      intent('history/pageRetried'),
    ),
  '8.12': (s) =>
    inOrder(
      s,
      intent('history/csvRequested'),
      http('GET', HISTORY, failed),
      action('history/csvFailed'),
      action('errors/errorDialogShown'),
    ),
  '8.9': (s) =>
    inOrder(
      s,
      delegateCall('GET', failed),
      action('delegates/membersLoadFailed'),
      action('errors/errorDialogShown'),
    ),
};
