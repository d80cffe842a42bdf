// GET /api/photo: no query (the photo is always the session's own).
export const photoSchema = {
  querystring: { type: 'object', additionalProperties: false, properties: {} },
} as const;
