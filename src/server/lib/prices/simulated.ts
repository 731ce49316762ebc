import { Dec, roundPrice, type TDecimalInput } from '#shared/money.js';

/**
 * PRICE_FEED=simulated (offline demos): sensible starting levels when no real price was ever
 * stored. The API marks such prices with feed 'simulated'.
 */
export const SIMULATION_SEED_USD: Record<string, string | undefined> = {
  btc: '90000',
  eth: '3000',
  usdt: '1',
  bnb: '900',
  ltc: '95',
  xrp: '2.2',
  ada: '0.6',
  sol: '140',
  doge: '0.16',
};

/** Largest move per refresh, as a fraction of the price. */
const STEP: Record<string, string> = { usdt: '0.0002' };
const DEFAULT_STEP = '0.004';
/** Share of the distance to the anchor taken back each step, so prices stay near real levels. */
const PULL_TO_ANCHOR = '0.1';

/**
 * One step of a small random walk from `previous`, pulled back toward `anchor` (the latest real
 * or seed level). `random` returns a number in [0, 1).
 */
export function simulateNextPrice(symbol: string, previous: TDecimalInput, anchor: TDecimalInput, random: () => number): string {
  const start = new Dec(previous);
  const step = new Dec(STEP[symbol] ?? DEFAULT_STEP).times(new Dec(random()).times(2).minus(1));
  const pull = new Dec(anchor).minus(start).times(PULL_TO_ANCHOR);
  const next = start.times(step.plus(1)).plus(pull);
  const floor = new Dec(anchor).div(2);
  return roundPrice(next.lessThan(floor) ? floor : next);
}
