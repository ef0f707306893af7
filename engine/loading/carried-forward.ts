/** A table version or a parameter a calculation used after the date its source covers (`known_through`, ADR 0105). */
export interface MasterCarriedForward {
  type: string;
  id: string;
  version: string;
  known_through: string;
}
