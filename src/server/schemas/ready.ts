// GET /api/ready
export const readySchema = {
  response: {
    200: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['ready'] } },
    },
  },
} as const;
