/** income_tax_computer_special: 電算機計算の特例 第1表〜第4表 as tiers with inclusive from/to. */
import { fileSchema, rangeConvention, rate, yen, yenOrNull } from './common.ts';

const tierObject = (props: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', ...Object.keys(props)],
  properties: { from: yen, to: yenOrNull, ...props },
});
const tiers = (item: object) => ({ type: 'array', minItems: 1, items: item });

export const incomeTaxComputerSpecialSchema = fileSchema(
  'income_tax_computer_special',
  true,
  ['range_convention', 'salary_deduction_tiers', 'dependant_deduction_per_person', 'basic_deduction_tiers', 'tax_tiers'],
  {
    // 第1表: a fixed amount, or rate x A + add (add may be negative: the 2020 tier 0.4A - 8,333).
    range_convention: rangeConvention,
    salary_deduction_tiers: tiers({ oneOf: [tierObject({ fixed: yen }), tierObject({ rate, add: { type: 'integer' } })] }),
    dependant_deduction_per_person: yen,
    basic_deduction_tiers: tiers(tierObject({ amount: yen })),
    tax_tiers: tiers(tierObject({ rate, subtract: yen })),
  },
);
