import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { domainOf, isValidHomeEmail } from '../../contract/email';
import type { ErrorEnvelope } from '../../contract/errors';
import { ApiError, invalidArgument, notFound } from '../apiError';
import type { Sandbox } from '../providers/sandbox';
import { SANDBOX_PHOTO_PATH } from '../providers/sandbox/dataset';
import { SANDBOX_PHOTOS } from '../providers/sandbox/photos';
import { AUTHORIZE_SCRIPT, MAILBOX_SCRIPT, SANDBOX_ASSET_PATH, SANDBOX_STYLES } from './assets';
import { authorizeErrorPage, authorizePage, mailboxPage, mailPage, standInPage } from './pages';
import { statusWordOf } from '../statusWords';

// The sandbox's own pages (README.md, Demo accounts (sandbox)): the identity popup and its token endpoint, the stand-ins for
// the external destinations, and the seeded photos. Registered only when PORTAL_PROVIDER=sandbox.

export interface SandboxRoutesOptions {
  sandbox: Sandbox;
  /** The portal's OAuth client id; the popup serves no other client. */
  clientId: string;
}

export const SANDBOX_PATHS = {
  authorize: '/sandbox/oauth/authorize',
  token: '/sandbox/oauth/token',
  contact: '/sandbox/contact',
  helpdesk: '/sandbox/helpdesk',
  supportSite: '/sandbox/support-site',
  mail: '/sandbox/mail',
} as const;

const AUTHORIZE_SCRIPT_URL = `${SANDBOX_ASSET_PATH}authorize.js`;
const MAILBOX_SCRIPT_URL = `${SANDBOX_ASSET_PATH}mailbox.js`;
const STYLES_URL = `${SANDBOX_ASSET_PATH}sandbox.css`;
/** Long enough for any real scope URL, short enough that the page stays small. */
const SCOPE_MAX_LENGTH = 200;
const SCOPES_MAX_COUNT = 16;
/** The mailbox page shows the newest mails only; older ones stay in the sandbox database. */
const MAILBOX_PAGE_SIZE = 50;
const CLIENT_ID_MAX_LENGTH = 256;
const ORIGIN_MAX_LENGTH = 2048;
const EMAIL_MAX_LENGTH = 254;
/** The token request is a few hundred bytes; anything much larger is not a popup talking. */
const TOKEN_BODY_LIMIT_BYTES = 8 * 1024;
/** Per client address, when the app registers @fastify/rate-limit. */
const TOKEN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** The assets change only with a deploy; a short cache keeps the sandbox snappy without staleness. */
const ASSET_CACHE_CONTROL = 'public, max-age=300';
/**
 * A kept mail's HTML, alone: framed by its mail page only, running nothing, loading nothing but its
 * own inline styles and data: images, as a careful mail client shows a mail.
 */
const MAIL_BODY_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox";
/** A mail's id in its page's address. */
const MAIL_ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } },
} as const;

/** The embedded support site may be framed by the portal's own pages and nobody else's. */
const SUPPORT_SITE_CSP =
  "default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

interface AuthorizeQuery {
  client_id?: string;
  scope?: string;
  login_hint?: string;
  origin?: string;
}

interface TokenBody {
  login_hint: string;
  client_id: string;
  scopes: string[];
}

const TOKEN_BODY_FIELDS: readonly string[] = ['login_hint', 'client_id', 'scopes'];

/**
 * Fastify's default validator strips unknown fields silently; this runs before it so an unknown field
 * is refused whatever Ajv options the app chose.
 */
function refuseUnknownFields(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((field) => !TOKEN_BODY_FIELDS.includes(field));
  if (unknown.length > 0) {
    throw invalidArgument(`Unknown field in the request: ${unknown.join(', ')}.`);
  }
}

/** The error envelope (docs/api.md, Error envelope) for anything the token endpoint or a page refuses. */
function envelopeOf(error: FastifyError | ApiError): ErrorEnvelope {
  if (error instanceof ApiError) return { error: error.toBody() };
  const code = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
  if (code >= 500) {
    return {
      error: { code, status: 'INTERNAL', message: 'The sandbox failed; see the server log.' },
    };
  }
  return {
    error: {
      code,
      status: statusWordOf(code),
      message:
        error.validation !== undefined ? `Invalid request: ${error.message}.` : error.message,
    },
  };
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Reads the popup's query, or says in plain words what is wrong with it. */
function readAuthorizeQuery(
  query: AuthorizeQuery,
  options: SandboxRoutesOptions,
): { problem: string; status: number } | { loginHint: string; scopes: string[]; origin: string } {
  const { client_id: clientId, scope, login_hint: loginHint, origin } = query;
  if (clientId === undefined || clientId === '') {
    return { status: 400, problem: 'The request names no application (client_id is missing).' };
  }
  if (clientId !== options.clientId) {
    return {
      status: 400,
      problem: `The application ${clientId} is not registered with the sandbox.`,
    };
  }
  const scopes = (scope ?? '').split(' ').filter((part) => part !== '');
  if (scopes.length === 0) return { status: 400, problem: 'The request asks for no scope.' };
  if (loginHint === undefined || !isValidHomeEmail(loginHint)) {
    return { status: 400, problem: 'The request names no valid account (login_hint).' };
  }
  if (!options.sandbox.hasAccount(loginHint)) {
    return {
      status: 404,
      problem: `The sandbox directory has no account ${loginHint}. Try one of the demo accounts, such as admin@acme.example.`,
    };
  }
  if (origin === undefined || !URL.canParse(origin) || new URL(origin).origin !== origin) {
    return { status: 400, problem: 'The request names no valid opener origin.' };
  }
  return { loginHint, scopes: [...new Set(scopes)], origin };
}

export async function sandboxRoutes(
  app: FastifyInstance,
  options: SandboxRoutesOptions,
): Promise<void> {
  // Encapsulated to this plugin: the token endpoint answers in the contract's envelope too.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const envelope = envelopeOf(error);
    if (envelope.error.code >= 500) request.log.error({ err: error }, 'sandbox route failed');
    return reply.code(envelope.error.code).send(envelope);
  });

  app.get<{ Querystring: AuthorizeQuery }>(
    SANDBOX_PATHS.authorize,
    {
      // A bad query gets a readable page, not a JSON error: attach the validation result instead.
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            client_id: { type: 'string', maxLength: CLIENT_ID_MAX_LENGTH },
            scope: { type: 'string', maxLength: SCOPE_MAX_LENGTH * SCOPES_MAX_COUNT },
            login_hint: { type: 'string', maxLength: EMAIL_MAX_LENGTH },
            origin: { type: 'string', maxLength: ORIGIN_MAX_LENGTH },
          },
        },
      },
    },
    async (request, reply) => {
      if (request.validationError !== undefined) {
        return sendHtml(
          reply,
          400,
          authorizeErrorPage(
            `The sign-in request is malformed: ${request.validationError.message}.`,
          ),
        );
      }
      const read = readAuthorizeQuery(request.query, options);
      if ('problem' in read) {
        return sendHtml(reply, read.status, authorizeErrorPage(read.problem));
      }
      return sendHtml(
        reply,
        200,
        authorizePage({
          clientId: options.clientId,
          loginHint: read.loginHint,
          scopes: read.scopes,
          origin: read.origin,
          tokenUrl: SANDBOX_PATHS.token,
          scriptUrl: AUTHORIZE_SCRIPT_URL,
        }),
      );
    },
  );

  app.post<{ Body: TokenBody }>(
    SANDBOX_PATHS.token,
    {
      bodyLimit: TOKEN_BODY_LIMIT_BYTES,
      config: { rateLimit: TOKEN_RATE_LIMIT },
      preValidation: async (request) => refuseUnknownFields(request.body),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['login_hint', 'client_id', 'scopes'],
          properties: {
            login_hint: { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH },
            client_id: { type: 'string', minLength: 1, maxLength: CLIENT_ID_MAX_LENGTH },
            scopes: {
              type: 'array',
              maxItems: SCOPES_MAX_COUNT,
              items: { type: 'string', pattern: '^\\S+$', maxLength: SCOPE_MAX_LENGTH },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { login_hint: loginHint, client_id: clientId, scopes } = request.body;
      if (clientId !== options.clientId) {
        const message = `The application ${clientId} is not registered with the sandbox.`;
        return reply.code(400).send({
          error: { code: 400, status: 'INVALID_ARGUMENT', message },
          error_description: message,
        } satisfies ErrorEnvelope);
      }
      const token = options.sandbox.issueToken(loginHint, scopes);
      request.log.info(
        { event: 'sandbox-token-issued', domain: domainOf(loginHint), scope: token.scope },
        'sandbox token issued',
      );
      return reply.header('cache-control', 'no-store').send(token);
    },
  );

  app.get(`${SANDBOX_ASSET_PATH}authorize.js`, async (_request, reply) =>
    reply
      .header('cache-control', ASSET_CACHE_CONTROL)
      .type('text/javascript; charset=utf-8')
      .send(AUTHORIZE_SCRIPT),
  );

  app.get(STYLES_URL, async (_request, reply) =>
    reply
      .header('cache-control', ASSET_CACHE_CONTROL)
      // The support stand-in, framed in an opaque origin (docs/security.md, Safe defaults), loads it too.
      .header('cross-origin-resource-policy', 'cross-origin')
      .type('text/css; charset=utf-8')
      .send(SANDBOX_STYLES),
  );

  app.get<{ Params: { name: string } }>(
    `${SANDBOX_PHOTO_PATH}:name`,
    {
      schema: {
        params: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', pattern: '^[a-z0-9-]+\\.svg$' } },
        },
      },
    },
    async (request, reply) => {
      const photo = Object.hasOwn(SANDBOX_PHOTOS, request.params.name)
        ? SANDBOX_PHOTOS[request.params.name]
        : undefined;
      if (photo === undefined) {
        throw notFound(`No photo ${request.params.name} in the sandbox.`);
      }
      return reply.header('cache-control', ASSET_CACHE_CONTROL).type('image/svg+xml').send(photo);
    },
  );

  app.get(SANDBOX_PATHS.contact, async (_request, reply) =>
    sendHtml(
      reply,
      200,
      standInPage({
        heading: "Contact the provider (the provider's contact page)",
        paragraphs: [
          "In production this is the reseller's external contact page (CONTACT_URL).",
          'People with a consumer e-mail address, or whose organisation is not a customer, are sent here to talk to the reseller.',
        ],
      }),
    ),
  );

  app.get(SANDBOX_PATHS.helpdesk, async (_request, reply) =>
    sendHtml(
      reply,
      200,
      standInPage({
        heading: 'Help-desk portal',
        paragraphs: [
          "In production this is the reseller's external help-desk portal (HELPDESK_URL).",
          'The home page sends people here when they chose the support destination.',
        ],
      }),
    ),
  );

  app.get(SANDBOX_PATHS.supportSite, async (_request, reply) => {
    // Set on the reply, these override the app-wide headers that deny framing everywhere else.
    reply
      .header('content-security-policy', SUPPORT_SITE_CSP)
      .header('x-frame-options', 'SAMEORIGIN');
    return sendHtml(
      reply,
      200,
      standInPage({
        heading: 'Support site',
        paragraphs: [
          "In production this is the reseller's support site (SUPPORT_SITE_URL), embedded in the portal at /support.",
          'Its content is not part of the portal.',
        ],
      }),
    );
  });

  app.get(MAILBOX_SCRIPT_URL, async (_request, reply) =>
    reply
      .header('cache-control', ASSET_CACHE_CONTROL)
      .type('text/javascript; charset=utf-8')
      .send(MAILBOX_SCRIPT),
  );

  const mailPath = (id: number) => `${SANDBOX_PATHS.mail}/${id}`;
  const noSuchMail = (reply: FastifyReply) =>
    sendHtml(
      reply,
      404,
      standInPage({
        heading: 'No such mail',
        paragraphs: ['The sandbox mailbox has no mail at this address; a reset empties it.'],
      }),
    );

  app.get(SANDBOX_PATHS.mail, async (_request, reply) =>
    sendHtml(reply, 200, mailboxPage(options.sandbox.mailbox.list(MAILBOX_PAGE_SIZE), mailPath)),
  );

  app.get<{ Params: { id: string } }>(
    `${SANDBOX_PATHS.mail}/:id`,
    { schema: { params: MAIL_ID_PARAMS } },
    async (request, reply) => {
      const id = Number(request.params.id);
      const mail = options.sandbox.mailbox.find(id);
      if (mail === null) return noSuchMail(reply);
      return sendHtml(
        reply,
        200,
        mailPage(mail, {
          bodyUrl: `${mailPath(id)}/body`,
          mailboxUrl: SANDBOX_PATHS.mail,
          scriptUrl: MAILBOX_SCRIPT_URL,
        }),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    `${SANDBOX_PATHS.mail}/:id/body`,
    { schema: { params: MAIL_ID_PARAMS } },
    async (request, reply) => {
      const mail = options.sandbox.mailbox.find(Number(request.params.id));
      if (mail === null) return noSuchMail(reply);
      // Set on the reply, these override the app-wide headers that deny framing everywhere else.
      reply
        .header('content-security-policy', MAIL_BODY_CSP)
        .header('x-frame-options', 'SAMEORIGIN');
      return sendHtml(reply, 200, mail.html);
    },
  );
}
