/**
 * Spec cross-field rule 3: attendance_input computes overtime pay and deductions itself, so it cannot
 * come with nonzero precomputed amounts. This is its own error (422 attendance_input_conflict), checked
 * after validation_error and before the company lookup (decisions.md 3b).
 */
import { has, intAt, isObj } from './read.ts';

const PRECOMPUTED = ['overtime_pay', 'absence_deduction', 'late_early_leave_deduction'] as const;

/** The message for attendance_input_conflict, or null when there is no conflict. */
export function findAttendanceConflict(request: unknown): string | null {
  if (!isObj(request) || !has(request, 'attendance_input')) return null;
  const nonzero = PRECOMPUTED.filter((key) => {
    const v = intAt(request, key);
    return v !== undefined && v !== 0;
  });
  if (nonzero.length === 0) return null;
  return `attendance_input cannot be combined with a nonzero ${nonzero.join(', ')}: with attendance_input these amounts are computed from the minutes.`;
}
