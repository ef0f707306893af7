/**
 * An error message with the values it may quote masked, so it can be logged: numbers standing alone
 * (amounts, counts, dates) and long tokens (an API key, an id) are replaced; words, paths, file names
 * ("rules/x/y.v1.yaml") and field names ("reading 'employee_rate'") are kept, which is what an operator
 * needs to find the fault.
 */
const LONE_NUMBER = /(?<![\w./-])-?\d[\d,.:-]*(?![\w/])/g;
const LONG_TOKEN = /[A-Za-z0-9_+=-]{24,}/g;
const MAX_LENGTH = 500;

export function maskValues(message: string): string {
  return message.slice(0, MAX_LENGTH).replace(LONG_TOKEN, '<token>').replace(LONE_NUMBER, '<n>');
}
