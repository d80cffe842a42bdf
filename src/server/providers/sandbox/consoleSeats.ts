import { openSandbox } from './index';

// `npm run sandbox:set-seats -- <subscriptionId> <total>` (docs/api.md, Reconciliation): changes a
// sandbox subscription's total outside the portal, as Google's Admin console would, in the sandbox
// database under PORTAL_DATA_DIR; a running portal sees it on its next read.

export const SET_SEATS_USAGE = 'Usage: npm run sandbox:set-seats -- <subscriptionId> <total>';
/** A whole number of licences, as the console's field takes it. */
const TOTAL = /^(0|[1-9][0-9]{0,6})$/;

/** Sets the total the arguments name; answers the lines to print and whether the command succeeded. */
export async function setSeatsFromCommand(
  dataDir: string,
  args: readonly string[],
): Promise<{ ok: boolean; lines: string[] }> {
  const [subscriptionId = '', total = ''] = args;
  if (args.length !== 2 || subscriptionId === '' || subscriptionId.startsWith('-')) {
    return { ok: false, lines: [SET_SEATS_USAGE] };
  }
  if (!TOTAL.test(total)) {
    return { ok: false, lines: [`The total must be a whole number of licenses; got '${total}'.`] };
  }
  const sandbox = await openSandbox({ dataDir });
  try {
    const set = sandbox.setSeats(subscriptionId, Number(total));
    return {
      ok: true,
      lines: [`${subscriptionId} (${set.customerId}): ${set.before} → ${set.after} licenses`],
    };
  } catch (error) {
    return { ok: false, lines: [error instanceof Error ? error.message : String(error)] };
  } finally {
    sandbox.close();
  }
}
