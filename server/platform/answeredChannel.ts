/**
 * The diagnostics channel on which an app that checks its answers against the contract
 * (contract.ts, `validateResponsesAgainst`) publishes each operation it answered. A module of
 * its own, importing nothing, so a listener (the unit layer's contract coverage) need not load
 * the contract's parser and validators to subscribe.
 */
export interface AnsweredOperation {
  operationId: string;
  statusCode: number;
}

export const ANSWERED_CHANNEL = 'sandbox.contract.answered';
