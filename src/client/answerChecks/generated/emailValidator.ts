// Generated from answerSchemas.ts by `npm run answer-checks`: do not edit.
// typebox's standalone validator (Code in typebox/compile), checked by answerChecks.test.ts.
// @ts-nocheck
/* eslint-disable */
import type { AnswerShape } from "../keepContractFields"
// @ts-ignore
const External = []

// @ts-ignore
const check_0 = ((value) => ((typeof value === "object" && value !== null && !(Array.isArray(value))) && ("isGoogleAccount" in value && typeof value.isGoogleAccount === "boolean")));

// @ts-ignore
export function Check(value) { return check_0(value) }

/** The shape keepContractFields walks to keep only the contract's fields. */
export const shape: AnswerShape = {"properties":{"isGoogleAccount":{}}}
