// GET /api/health
export const healthSchema = {
  response: {
    200: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['ok'] } },
    },
  },
} as const;
