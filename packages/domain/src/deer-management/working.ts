import type { WorkingStep } from '@cull-log/contracts';
import { formatNumber } from '../numbers';

export type { WorkingStep };

/**
 * A step of arithmetic (see WorkingStep: "Area searched", "40 plots × 10 m²", "400 m²") as one line of text, as a
 * report prints it: "Area searched: 40 plots × 10 m² = 400 m²".
 */
export const workingLine = (step: WorkingStep): string => `${step.label}: ${step.formula} = ${step.result}`;

/** A figure in a working: commas between thousands, at most `digits` decimals (trailing zeros dropped). */
export const figure = (value: number, digits = 2): string => formatNumber(value, digits);

/**
 * The whole number at or above `value`, forgiving the last bits of floating-point error, so that 20 % of 60 deer
 * (12.000000000000002 in binary) is a cull of 12, not 13.
 */
export const wholeUp = (value: number): number => Math.max(0, Math.ceil(value - 1e-9));
