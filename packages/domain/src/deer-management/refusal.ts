/** Why a figure cannot be worked out, naming the field to change: the API answers it as a 400 on that field. */
export interface FigureRefusal {
  ok: false;
  field: string;
  message: string;
}

export const refusal = (field: string, message: string): FigureRefusal => ({ ok: false, field, message });
