import { describe, expect, it } from 'vitest';
import {
  DTC_CODES_MAX,
  DTC_DESCRIPTIONS,
  DTC_MESSAGES,
  describeDtc,
  dtcCodesSchema,
  dtcLabel,
  dtcScope,
  isDtcCode,
  normaliseDtc,
  parseDtcList,
  removedDtcCodes,
  splitDtcList,
  tickDtcCodeSchema,
} from './dtc-codes';
import { modificationPlanSchema } from './schemas';

describe('isDtcCode', () => {
  it.each([
    ['P0420', true],
    ['P244A', true],
    ['P2BAD', true],
    ['U0100', true],
    ['B1234', true],
    ['C0035', true],
    ['P4000', false],
    ['X0420', false],
    ['P042', false],
    ['P04200', false],
    ['p0420', false],
    ['P0G20', false],
    ['', false],
  ])('%s -> %s', (code, ok) => {
    expect(isDtcCode(code)).toBe(ok);
  });
});

describe('dtcScope', () => {
  it.each([
    ['P0420', 'generic'],
    ['P2002', 'generic'],
    ['P1234', 'manufacturer'],
    ['P3000', 'manufacturer'],
    ['P33FF', 'manufacturer'],
    ['P3400', 'generic'],
    ['B0001', 'generic'],
    ['B1000', 'manufacturer'],
    ['C2000', 'manufacturer'],
    ['U0100', 'generic'],
    ['U1000', 'manufacturer'],
    ['U3000', 'generic'],
  ])('%s -> %s', (code, scope) => {
    expect(dtcScope(code)).toBe(scope);
  });
});

describe('dtcLabel and describeDtc', () => {
  it.each([
    ['P0420', 'Catalyst system efficiency below threshold (bank 1)'],
    ['P0401', 'Exhaust gas recirculation flow insufficient'],
    ['P2463', 'Diesel particulate filter restriction - soot accumulation (bank 1)'],
    ['P20EE', 'SCR NOx catalyst efficiency below threshold (bank 1)'],
    [
      'P2015',
      'Intake manifold runner (swirl flap) position sensor/switch circuit range/performance (bank 1)',
    ],
    ['P1234', 'manufacturer-specific'],
    ['U1000', 'manufacturer-specific'],
    ['P0999', 'generic code'],
  ])('%s -> %s', (code, label) => {
    expect(dtcLabel(code)).toBe(label);
  });

  it('says when the table does not hold the code', () => {
    expect(describeDtc('P1234')).toEqual({ code: 'P1234', scope: 'manufacturer', description: null });
  });

  it('holds about 200 valid generic codes', () => {
    const codes = Object.keys(DTC_DESCRIPTIONS);
    expect(codes.length).toBeGreaterThanOrEqual(200);
    for (const code of codes) {
      expect(isDtcCode(code), code).toBe(true);
      expect(dtcScope(code), code).toBe('generic');
    }
  });
});

describe('splitDtcList and parseDtcList', () => {
  it.each([
    [' p0420 ', ['P0420']],
    ['P0420, p0420\nP0401;P2002  U0100', ['P0420', 'P0401', 'P2002', 'U0100']],
    [
      ['P0420', 'P0401,P0402'],
      ['P0420', 'P0401', 'P0402'],
    ],
    ['', []],
    [undefined, []],
  ])('%j -> %j', (input, codes) => {
    expect(splitDtcList(input)).toEqual(codes);
  });

  it('keeps the invalid apart and caps the list', () => {
    expect(parseDtcList('P0420 hello X1234')).toEqual({
      codes: ['P0420'],
      invalid: ['HELLO', 'X1234'],
      tooMany: false,
    });
    const many = Array.from({ length: DTC_CODES_MAX + 1 }, (_, i) => `P1${String(i).padStart(3, '0')}`);
    expect(parseDtcList(many)).toMatchObject({ tooMany: true, invalid: [] });
    expect(parseDtcList(many).codes).toHaveLength(DTC_CODES_MAX);
  });

  it('normalises', () => {
    expect(normaliseDtc('  p20ee ')).toBe('P20EE');
  });
});

describe('dtcCodesSchema', () => {
  it.each([
    [undefined, true],
    [[], true],
    [['p0420', 'P0420'], true],
    ['P0420 P0401', true],
    [['P0420', 'nope'], false],
    [Array.from({ length: DTC_CODES_MAX + 1 }, (_, i) => `P1${String(i).padStart(3, '0')}`), false],
  ])('%j -> %s', (input, ok) => {
    expect(dtcCodesSchema.safeParse(input).success).toBe(ok);
  });

  it('names the code that is not one', () => {
    const result = dtcCodesSchema.safeParse(['P0420', 'nope']);
    expect(result.error?.issues[0]?.message).toBe(DTC_MESSAGES.invalid('NOPE'));
  });
});

describe('the plan with fault codes', () => {
  it.each([
    [{ stage: 'Stage 1', options: ['DTC OFF'], dtcCodes: ['p0420'] }, true, ['P0420']],
    [{ stage: 'Stage 1', options: ['DTC OFF'] }, true, []],
    [{ stage: 'Stage 1', options: ['EGR OFF'], dtcCodes: ['P0401'] }, false, null],
    [{ stage: 'Stage 1', options: ['EGR OFF'], dtcCodes: [] }, true, []],
  ])('%j -> %s', (input, ok, codes) => {
    const result = modificationPlanSchema.safeParse(input);
    expect(result.success).toBe(ok);
    if (codes) expect(result.data?.dtcCodes).toEqual(codes);
    else
      expect(result.error?.issues[0]).toMatchObject({
        path: ['dtcCodes'],
        message: DTC_MESSAGES.withoutDtcOff,
      });
  });
});

describe('tickDtcCodeSchema and removedDtcCodes', () => {
  it.each([
    [{ ticketNumber: 100001, code: 'p0420', removed: true }, true],
    [{ ticketNumber: 100001, code: 'P0420' }, false],
    [{ ticketNumber: 100001, code: 'X', removed: true }, false],
    [{ ticketNumber: 0, code: 'P0420', removed: false }, false],
  ])('%j -> %s', (input, ok) => {
    expect(tickDtcCodeSchema.safeParse(input).success).toBe(ok);
  });

  it('lists the removed codes in order', () => {
    expect(
      removedDtcCodes([
        { code: 'P0420', removed: true },
        { code: 'P0401', removed: false },
        { code: 'P2002', removed: true },
      ]),
    ).toEqual(['P0420', 'P2002']);
    expect(removedDtcCodes(null)).toEqual([]);
  });
});
