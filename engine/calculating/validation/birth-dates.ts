/**
 * A year-end adjustment's birth dates (employee, spouse, each dependant) must be on or before the last day
 * of its tax year: ages are taken on that day, and a person born later cannot be declared for the year.
 * A date the schema already refuses (malformed) is left to the schema.
 */
import type { ValidationDetail } from '../../errors.ts';
import { isIsoDate } from '../../util/dates.ts';
import { intAt, isObj, objAt, type Obj, type Path } from './read.ts';

function checkOne(o: Obj | undefined, path: Path, yearEnd: string, out: ValidationDetail[]) {
  const b = o?.birth_date;
  if (isIsoDate(b) && b > yearEnd)
    out.push({
      path: [...path, 'birth_date'],
      code: 'after_tax_year',
      message: `must be on or before ${yearEnd}, the last day of tax_year.`,
    });
}

export function checkBirthDatesWithinTaxYear(request: Obj): ValidationDetail[] {
  const year = intAt(request, 'tax_year');
  if (year === undefined || year < 1 || year > 9999) return [];
  const yearEnd = `${String(year).padStart(4, '0')}-12-31`;
  const out: ValidationDetail[] = [];
  checkOne(objAt(request, 'employee'), ['employee'], yearEnd, out);
  const declarations = objAt(request, 'declarations');
  checkOne(objAt(declarations, 'spouse'), ['declarations', 'spouse'], yearEnd, out);
  const deps = declarations?.dependents;
  if (Array.isArray(deps)) deps.forEach((d, i) => checkOne(isObj(d) ? d : undefined, ['declarations', 'dependents', i], yearEnd, out));
  return out;
}
