import { formatNumber } from './numbers';

/**
 * The heaviest a shot animal of each species plausibly weighs, in kg: a heavy live weight in England, with room to
 * spare (a big park red stag, a fat fallow buck). A weight above it is far more likely a slip of the keyboard (90 for
 * 9.0, pounds for kilograms) than an animal, so the form asks before keeping it. Species typed in free text are not
 * judged.
 */
export const PLAUSIBLE_WEIGHT_KG: Readonly<Record<string, number>> = {
  'Red Deer': 250,
  'Roe Deer': 40,
  'Fallow Deer': 130,
  Muntjac: 25,
  'Sika Deer': 90,
  'Chinese Water Deer': 25,
  Fox: 15,
  Rabbit: 4,
};

/**
 * Why a weight should be confirmed before it is kept, or undefined when it is believable: 0 (an animal weighs
 * something; 0 is usually "not weighed"), or more than the species plausibly weighs.
 */
export function weightToConfirm(species: string, weight: number | undefined): string | undefined {
  if (weight === undefined) return undefined;
  if (weight === 0)
    return 'A weight of 0 kg is kept as weighed at nothing. If it was not weighed, leave the weight empty.';
  const heaviest = PLAUSIBLE_WEIGHT_KG[species];
  if (heaviest === undefined || weight <= heaviest) return undefined;
  return `${formatNumber(weight)} kg is heavier than a ${species} is likely to be (up to about ${formatNumber(heaviest)} kg).`;
}
