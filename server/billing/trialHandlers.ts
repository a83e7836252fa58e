/** The trial's upgrade: what it would buy and cost now, and buying it (billing/trial.ts). */
import { groupThousands } from '../../src/domain/money';
import { signedInUser } from '../auth/guards';
import { callerOf } from '../auth/activity';
import type { HandlerTable } from '../platform/handler';
import { upgradeTrial } from './trial';
import { toTrialPackage, trialOffer } from './trialPackages';

export const trialHandlers: HandlerTable = {
  // Priced at request time by the §9 rules: from now to the end of this month (billing/trialPackages.ts).
  getTrialPackages: (ctx) => {
    const offer = trialOffer(ctx.db, signedInUser(ctx), ctx.now());
    return {
      items: offer.resources.map((resource) => toTrialPackage(resource, ctx.t)),
      total: offer.total,
      invoice_id: offer.invoiceId,
    };
  },

  upgradeTrial: (ctx) => {
    const { total } = upgradeTrial(ctx.db, signedInUser(ctx).id, ctx.now(), callerOf(ctx));
    return { message: ctx.t('server.upgraded', { amount: groupThousands(total) }) };
  },
};
