import { API_PATHS } from '../../contract/api';
import { DelegateChangeRequest } from '../../contract/endpoints';
import { EMAIL_MAX_LENGTH } from '../../contract/limits';
import { errorOf, portalForTests } from '../../testing/server/portalHarness';

// One definition per API shape (docs/architecture.md): the server refuses a request outside the
// contract's schema (src/contract/endpoints.ts) with the 400 docs/api.md documents, before the handler.

const ACME = 'C0acme001';
const delegateChange = { email: 'new@acme.example', customerId: ACME, action: 'add' };

const portal = portalForTests({}, 'all');

it.each(DelegateChangeRequest.required)(
  "refuses a delegate change without the contract's required field '%s'",
  async (field) => {
    const admin = await portal.signIn('admin@acme.example');
    const { [field]: _left, ...body } = delegateChange;
    const answer = await admin.post(API_PATHS.licenceDelegate, body);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: `Missing required field '${field}' in the request body.`,
    });
  },
);

it("refuses a delegate address over the contract's e-mail limit with the schema's 400", async () => {
  const admin = await portal.signIn('admin@acme.example');
  const domain = '@acme.example';
  const email = `${'a'.repeat(EMAIL_MAX_LENGTH + 1 - domain.length)}${domain}`;
  const answer = await admin.post(API_PATHS.licenceDelegate, { ...delegateChange, email });
  expect(answer.status).toBe(400);
  expect(errorOf(answer).message).toBe(
    `Field 'email' must be at most ${EMAIL_MAX_LENGTH} characters long.`,
  );
  const list = await admin.get<{ members: string[] }>(
    `${API_PATHS.licenceDelegate}?customer=${ACME}`,
  );
  expect(list.body.members).not.toContain(email);
});
