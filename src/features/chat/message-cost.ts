// The credits one message costs (spec 1, 9): shown under the composer; the server charges the same amount.
import type { Settings } from '../../../contract/index.ts';

/** max(message_credits, the minimum message cost of the sender's country), in whole credits; 0 without settings. */
export function messageCost(
  settings: Pick<Settings, 'message_credits' | 'minimum_message_costs'> | null,
  country: string | undefined,
): number {
  if (!settings) return 0;
  return Math.max(settings.message_credits, (country && settings.minimum_message_costs[country]?.costs) || 0);
}
