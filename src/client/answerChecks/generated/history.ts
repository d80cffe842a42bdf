// Generated from answerSchemas.ts by `npm run answer-checks`: do not edit.
// typebox's standalone validator (Code in typebox/compile), checked by answerChecks.test.ts.
// @ts-nocheck
/* eslint-disable */
import type { AnswerShape } from "../keepContractFields"
import { IsDateTime } from "typebox/format"
import { Guard } from "typebox/guard"

// @ts-ignore
const External = [IsDateTime, IsDateTime]

// @ts-ignore
const check_0 = ((value) => ((typeof value === "object" && value !== null && !(Array.isArray(value))) && (("entries" in value && "nextCursor" in value) && ((Array.isArray(value.entries) && value.entries.every((unique_0, index) => ((((typeof unique_0 === "object" && unique_0 !== null && !(Array.isArray(unique_0))) && (((((((("id" in unique_0 && "at" in unique_0) && "actor" in unique_0) && "requestId" in unique_0) && "state" in unique_0) && "kind" in unique_0) && "before" in unique_0) && "after" in unique_0) && (((((((typeof unique_0.id === "string" && (typeof unique_0.at === "string" && External[0](unique_0.at))) && typeof unique_0.actor === "string") && typeof unique_0.requestId === "string") && (typeof unique_0.state === "string" && (((unique_0.state === "done" || unique_0.state === "pending") || unique_0.state === "unconfirmed") || unique_0.state === "not-made"))) && (typeof unique_0.kind === "string" && unique_0.kind === "licences")) && (Number.isInteger(unique_0.before) && (!((Number.isFinite(unique_0.before) || typeof unique_0.before === "bigint")) || unique_0.before >= 0))) && (Number.isInteger(unique_0.after) && (!((Number.isFinite(unique_0.after) || typeof unique_0.after === "bigint")) || unique_0.after >= 0))))) || ((typeof unique_0 === "object" && unique_0 !== null && !(Array.isArray(unique_0))) && (((((((("id" in unique_0 && "at" in unique_0) && "actor" in unique_0) && "requestId" in unique_0) && "state" in unique_0) && "kind" in unique_0) && "action" in unique_0) && "member" in unique_0) && (((((((typeof unique_0.id === "string" && (typeof unique_0.at === "string" && External[1](unique_0.at))) && typeof unique_0.actor === "string") && typeof unique_0.requestId === "string") && (typeof unique_0.state === "string" && (((unique_0.state === "done" || unique_0.state === "pending") || unique_0.state === "unconfirmed") || unique_0.state === "not-made"))) && (typeof unique_0.kind === "string" && (unique_0.kind === "licence-delegate" || unique_0.kind === "support-delegate"))) && (typeof unique_0.action === "string" && (unique_0.action === "add" || unique_0.action === "delete"))) && typeof unique_0.member === "string"))))))) && ((typeof value.nextCursor === "string" || value.nextCursor === null) && (!(typeof value.nextCursor === "string") || (value.nextCursor.length >= 2 || (value.nextCursor.length >= 1 && Guard.CodePointCount(value.nextCursor) >= 1))))))));

// @ts-ignore
export function Check(value) { return check_0(value) }

/** The shape keepContractFields walks to keep only the contract's fields. */
export const shape: AnswerShape = {"properties":{"entries":{"items":{"anyOf":[{"properties":{"id":{},"at":{},"actor":{},"requestId":{},"state":{"enum":["done","pending","unconfirmed","not-made"]},"kind":{"const":"licences"},"before":{},"after":{}}},{"properties":{"id":{},"at":{},"actor":{},"requestId":{},"state":{"enum":["done","pending","unconfirmed","not-made"]},"kind":{"enum":["licence-delegate","support-delegate"]},"action":{"enum":["add","delete"]},"member":{}}}]}},"nextCursor":{}}}
