// POST /api/sign-out: no body, or an empty JSON object (the route turns a missing body into {}).
export const signOutSchema = {
  body: { type: 'object', additionalProperties: false, properties: {} },
} as const;
