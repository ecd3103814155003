import { z } from 'zod';

/**
 * Fault codes (DTCs) a 'DTC OFF' plan names, as a list (docs/decisions/092-fault-code-lists.md):
 * OBD-II codes in the SAE J2012 form, a letter for the system and four characters.
 */

/** The option whose plan asks for the codes (shared/src/tickets/options.ts). */
export const DTC_OFF_OPTION = 'DTC OFF';

/** The most codes one ticket names. */
export const DTC_CODES_MAX = 50;

/** P (powertrain), C (chassis), B (body), U (network); 0-3; three hex digits. */
export const DTC_CODE_PATTERN = /^[PCBU][0-3][0-9A-F]{3}$/;

/** A code's stored state on its ticket: the engineer ticks `removed` once the file no longer raises it. */
export interface DtcCodeDto {
  code: string;
  removed: boolean;
}

/** Generic codes mean the same on every car; manufacturer codes mean what the maker says. */
export type DtcScope = 'generic' | 'manufacturer';

export const DTC_MESSAGES = {
  invalid: (raw: string) =>
    `"${raw}" is not a fault code: a letter P, C, B or U and four characters, like P0420`,
  tooMany: `At most ${DTC_CODES_MAX} fault codes`,
  withoutDtcOff: `Fault codes go with the ${DTC_OFF_OPTION} option: choose it, or leave the codes out`,
} as const;

/** What a code is typed as, trimmed and in capitals. */
export function normaliseDtc(raw: string): string {
  return raw.trim().toUpperCase();
}

export function isDtcCode(code: string): boolean {
  return DTC_CODE_PATTERN.test(code);
}

/**
 * Who defines a code (SAE J2012): P0, P2 and P34-P3F are generic, P1 and P30-P33 the maker's;
 * for B, C and U, 0 and 3 are generic, 1 and 2 the maker's.
 */
export function dtcScope(code: string): DtcScope {
  const system = code[0];
  const digit = code[1];
  if (system === 'P') {
    if (digit === '0' || digit === '2') return 'generic';
    if (digit === '3') return /[0-3]/.test(code[2] ?? '') ? 'manufacturer' : 'generic';
    return 'manufacturer';
  }
  return digit === '0' || digit === '3' ? 'generic' : 'manufacturer';
}

// The common generic powertrain codes with a short English description.
const TABLE: Record<string, string> = {
  P0010: 'Intake camshaft actuator circuit (bank 1)',
  P0011: 'Intake camshaft timing over-advanced (bank 1)',
  P0012: 'Intake camshaft timing over-retarded (bank 1)',
  P0013: 'Exhaust camshaft actuator circuit (bank 1)',
  P0014: 'Exhaust camshaft timing over-advanced (bank 1)',
  P0016: 'Crankshaft/camshaft position correlation (bank 1 sensor A)',
  P0017: 'Crankshaft/camshaft position correlation (bank 1 sensor B)',
  P0030: 'O2 sensor heater control circuit (bank 1 sensor 1)',
  P0036: 'O2 sensor heater control circuit (bank 1 sensor 2)',
  P0045: 'Turbo boost control solenoid circuit open',
  P0046: 'Turbo boost control solenoid circuit range/performance',
  P0047: 'Turbo boost control solenoid circuit low',
  P0048: 'Turbo boost control solenoid circuit high',
  P0068: 'MAP/MAF - throttle position correlation',
  P0069: 'MAP - barometric pressure correlation',
  P0087: 'Fuel rail/system pressure too low',
  P0088: 'Fuel rail/system pressure too high',
  P0089: 'Fuel pressure regulator 1 performance',
  P0090: 'Fuel pressure regulator 1 control circuit',
  P0093: 'Fuel system leak detected - large leak',
  P0100: 'Mass air flow circuit',
  P0101: 'Mass air flow circuit range/performance',
  P0102: 'Mass air flow circuit low',
  P0103: 'Mass air flow circuit high',
  P0104: 'Mass air flow circuit intermittent',
  P0105: 'Manifold absolute pressure circuit',
  P0106: 'Manifold absolute pressure circuit range/performance',
  P0107: 'Manifold absolute pressure circuit low',
  P0108: 'Manifold absolute pressure circuit high',
  P0110: 'Intake air temperature circuit',
  P0111: 'Intake air temperature circuit range/performance',
  P0112: 'Intake air temperature circuit low',
  P0113: 'Intake air temperature circuit high',
  P0115: 'Engine coolant temperature circuit',
  P0116: 'Engine coolant temperature circuit range/performance',
  P0117: 'Engine coolant temperature circuit low',
  P0118: 'Engine coolant temperature circuit high',
  P0120: 'Throttle position sensor A circuit',
  P0121: 'Throttle position sensor A circuit range/performance',
  P0122: 'Throttle position sensor A circuit low',
  P0123: 'Throttle position sensor A circuit high',
  P0125: 'Insufficient coolant temperature for closed loop fuel control',
  P0128: 'Coolant thermostat (coolant temperature below regulating temperature)',
  P0130: 'O2 sensor circuit (bank 1 sensor 1)',
  P0131: 'O2 sensor circuit low voltage (bank 1 sensor 1)',
  P0132: 'O2 sensor circuit high voltage (bank 1 sensor 1)',
  P0133: 'O2 sensor circuit slow response (bank 1 sensor 1)',
  P0134: 'O2 sensor circuit no activity (bank 1 sensor 1)',
  P0135: 'O2 sensor heater circuit (bank 1 sensor 1)',
  P0136: 'O2 sensor circuit (bank 1 sensor 2)',
  P0137: 'O2 sensor circuit low voltage (bank 1 sensor 2)',
  P0138: 'O2 sensor circuit high voltage (bank 1 sensor 2)',
  P0139: 'O2 sensor circuit slow response (bank 1 sensor 2)',
  P0140: 'O2 sensor circuit no activity (bank 1 sensor 2)',
  P0141: 'O2 sensor heater circuit (bank 1 sensor 2)',
  P0150: 'O2 sensor circuit (bank 2 sensor 1)',
  P0151: 'O2 sensor circuit low voltage (bank 2 sensor 1)',
  P0152: 'O2 sensor circuit high voltage (bank 2 sensor 1)',
  P0153: 'O2 sensor circuit slow response (bank 2 sensor 1)',
  P0155: 'O2 sensor heater circuit (bank 2 sensor 1)',
  P0156: 'O2 sensor circuit (bank 2 sensor 2)',
  P0161: 'O2 sensor heater circuit (bank 2 sensor 2)',
  P0171: 'System too lean (bank 1)',
  P0172: 'System too rich (bank 1)',
  P0174: 'System too lean (bank 2)',
  P0175: 'System too rich (bank 2)',
  P0180: 'Fuel temperature sensor A circuit',
  P0190: 'Fuel rail pressure sensor circuit',
  P0191: 'Fuel rail pressure sensor circuit range/performance',
  P0192: 'Fuel rail pressure sensor circuit low',
  P0193: 'Fuel rail pressure sensor circuit high',
  P0195: 'Engine oil temperature sensor circuit',
  P0196: 'Engine oil temperature sensor range/performance',
  P0200: 'Injector circuit',
  P0201: 'Injector circuit - cylinder 1',
  P0202: 'Injector circuit - cylinder 2',
  P0203: 'Injector circuit - cylinder 3',
  P0204: 'Injector circuit - cylinder 4',
  P0205: 'Injector circuit - cylinder 5',
  P0206: 'Injector circuit - cylinder 6',
  P0207: 'Injector circuit - cylinder 7',
  P0208: 'Injector circuit - cylinder 8',
  P0217: 'Engine overheat condition',
  P0219: 'Engine overspeed condition',
  P0220: 'Throttle position sensor B circuit',
  P0234: 'Turbo/supercharger overboost condition',
  P0235: 'Turbo boost sensor A circuit',
  P0236: 'Turbo boost sensor A circuit range/performance',
  P0237: 'Turbo boost sensor A circuit low',
  P0238: 'Turbo boost sensor A circuit high',
  P0243: 'Turbo wastegate solenoid A',
  P0251: 'Injection pump fuel metering control A',
  P0263: 'Cylinder 1 contribution/balance',
  P0299: 'Turbo/supercharger underboost',
  P0300: 'Random/multiple cylinder misfire detected',
  P0301: 'Cylinder 1 misfire detected',
  P0302: 'Cylinder 2 misfire detected',
  P0303: 'Cylinder 3 misfire detected',
  P0304: 'Cylinder 4 misfire detected',
  P0305: 'Cylinder 5 misfire detected',
  P0306: 'Cylinder 6 misfire detected',
  P0307: 'Cylinder 7 misfire detected',
  P0308: 'Cylinder 8 misfire detected',
  P0325: 'Knock sensor 1 circuit (bank 1)',
  P0327: 'Knock sensor 1 circuit low (bank 1)',
  P0328: 'Knock sensor 1 circuit high (bank 1)',
  P0335: 'Crankshaft position sensor A circuit',
  P0336: 'Crankshaft position sensor A circuit range/performance',
  P0340: 'Camshaft position sensor A circuit (bank 1)',
  P0341: 'Camshaft position sensor A circuit range/performance (bank 1)',
  P0380: 'Glow plug/heater circuit A',
  P0381: 'Glow plug/heater indicator circuit',
  P0400: 'Exhaust gas recirculation flow',
  P0401: 'Exhaust gas recirculation flow insufficient',
  P0402: 'Exhaust gas recirculation flow excessive',
  P0403: 'Exhaust gas recirculation control circuit',
  P0404: 'Exhaust gas recirculation control circuit range/performance',
  P0405: 'Exhaust gas recirculation sensor A circuit low',
  P0406: 'Exhaust gas recirculation sensor A circuit high',
  P0407: 'Exhaust gas recirculation sensor B circuit low',
  P0408: 'Exhaust gas recirculation sensor B circuit high',
  P0409: 'Exhaust gas recirculation sensor A circuit',
  P0410: 'Secondary air injection system',
  P0411: 'Secondary air injection system incorrect flow',
  P0412: 'Secondary air injection valve A circuit',
  P0420: 'Catalyst system efficiency below threshold (bank 1)',
  P0421: 'Warm up catalyst efficiency below threshold (bank 1)',
  P0430: 'Catalyst system efficiency below threshold (bank 2)',
  P0431: 'Warm up catalyst efficiency below threshold (bank 2)',
  P0440: 'Evaporative emission system',
  P0441: 'Evaporative emission system incorrect purge flow',
  P0442: 'Evaporative emission system leak detected (small leak)',
  P0443: 'Evaporative emission purge control valve circuit',
  P0446: 'Evaporative emission vent control circuit',
  P0449: 'Evaporative emission vent valve/solenoid circuit',
  P0455: 'Evaporative emission system leak detected (large leak)',
  P0456: 'Evaporative emission system leak detected (very small leak)',
  P0457: 'Evaporative emission system leak detected (fuel cap loose/off)',
  P0470: 'Exhaust pressure sensor circuit',
  P0471: 'Exhaust pressure sensor circuit range/performance',
  P0472: 'Exhaust pressure sensor circuit low',
  P0473: 'Exhaust pressure sensor circuit high',
  P0480: 'Cooling fan 1 control circuit',
  P0489: 'Exhaust gas recirculation control circuit low',
  P0490: 'Exhaust gas recirculation control circuit high',
  P0500: 'Vehicle speed sensor A',
  P0505: 'Idle air control system',
  P0506: 'Idle air control system rpm lower than expected',
  P0507: 'Idle air control system rpm higher than expected',
  P0520: 'Engine oil pressure sensor/switch circuit',
  P0521: 'Engine oil pressure sensor/switch range/performance',
  P0524: 'Engine oil pressure too low',
  P0530: 'A/C refrigerant pressure sensor A circuit',
  P0544: 'Exhaust gas temperature sensor circuit (bank 1 sensor 1)',
  P0545: 'Exhaust gas temperature sensor circuit low (bank 1 sensor 1)',
  P0546: 'Exhaust gas temperature sensor circuit high (bank 1 sensor 1)',
  P0562: 'System voltage low',
  P0563: 'System voltage high',
  P0571: 'Brake switch A circuit',
  P0600: 'Serial communication link',
  P0601: 'Internal control module memory check sum error',
  P0602: 'Control module programming error',
  P0603: 'Internal control module keep alive memory (KAM) error',
  P0604: 'Internal control module random access memory (RAM) error',
  P0605: 'Internal control module read only memory (ROM) error',
  P0606: 'Control module processor',
  P0611: 'Fuel injector control module performance',
  P0627: 'Fuel pump A control circuit open',
  P0630: 'VIN not programmed or incompatible - ECM/PCM',
  P0641: 'Sensor reference voltage A circuit open',
  P0650: 'Malfunction indicator lamp (MIL) control circuit',
  P0670: 'Glow plug control module circuit',
  P0671: 'Glow plug circuit - cylinder 1',
  P0672: 'Glow plug circuit - cylinder 2',
  P0673: 'Glow plug circuit - cylinder 3',
  P0674: 'Glow plug circuit - cylinder 4',
  P0683: 'Glow plug control module to PCM communication circuit',
  P0700: 'Transmission control system (MIL request)',
  P0715: 'Input/turbine speed sensor A circuit',
  P0720: 'Output speed sensor circuit',
  P0741: 'Torque converter clutch circuit performance or stuck off',
  P2002: 'Diesel particulate filter efficiency below threshold (bank 1)',
  P2015: 'Intake manifold runner (swirl flap) position sensor/switch circuit range/performance (bank 1)',
  P2031: 'Exhaust gas temperature sensor circuit (bank 1 sensor 2)',
  P2032: 'Exhaust gas temperature sensor circuit low (bank 1 sensor 2)',
  P2033: 'Exhaust gas temperature sensor circuit high (bank 1 sensor 2)',
  P203F: 'Reductant (AdBlue) level too low',
  P2047: 'Reductant (AdBlue) injector circuit open (bank 1 unit 1)',
  P2080: 'Exhaust gas temperature sensor circuit range/performance (bank 1 sensor 1)',
  P20B9: 'Reductant (AdBlue) heater A control circuit',
  P20E8: 'Reductant (AdBlue) pressure too low',
  P20EE: 'SCR NOx catalyst efficiency below threshold (bank 1)',
  P2096: 'Post catalyst fuel trim system too lean (bank 1)',
  P2097: 'Post catalyst fuel trim system too rich (bank 1)',
  P2100: 'Throttle actuator control motor circuit open',
  P2101: 'Throttle actuator control motor circuit range/performance',
  P2135: 'Throttle/pedal position sensor A/B voltage correlation',
  P2138: 'Throttle/pedal position sensor D/E voltage correlation',
  P2146: 'Fuel injector group A supply voltage circuit open',
  P2187: 'System too lean at idle (bank 1)',
  P2188: 'System too rich at idle (bank 1)',
  P2195: 'O2 sensor signal biased/stuck lean (bank 1 sensor 1)',
  P2196: 'O2 sensor signal biased/stuck rich (bank 1 sensor 1)',
  P2200: 'NOx sensor circuit (bank 1)',
  P2201: 'NOx sensor circuit range/performance (bank 1)',
  P2263: 'Turbo/supercharger boost system performance',
  P2279: 'Intake air system leak',
  P2293: 'Fuel pressure regulator 2 performance',
  P229F: 'NOx sensor circuit range/performance (bank 1 sensor 2)',
  P2413: 'Exhaust gas recirculation system performance',
  P242F: 'Diesel particulate filter restriction - ash accumulation (bank 1)',
  P244A: 'Diesel particulate filter differential pressure too low (bank 1)',
  P244B: 'Diesel particulate filter differential pressure too high (bank 1)',
  P2452: 'Diesel particulate filter pressure sensor A circuit (bank 1)',
  P2453: 'Diesel particulate filter pressure sensor A circuit range/performance (bank 1)',
  P2454: 'Diesel particulate filter pressure sensor A circuit low (bank 1)',
  P2455: 'Diesel particulate filter pressure sensor A circuit high (bank 1)',
  P2458: 'Diesel particulate filter regeneration duration (bank 1)',
  P2459: 'Diesel particulate filter regeneration frequency (bank 1)',
  P2463: 'Diesel particulate filter restriction - soot accumulation (bank 1)',
  P2BA9: 'NOx exceedence - insufficient reductant quantity',
  P2BAD: 'NOx exceedence - root cause unknown',
};

/** The table's codes, for lists and tests. */
export const DTC_DESCRIPTIONS: Readonly<Record<string, string>> = TABLE;

export interface DtcDescription {
  code: string;
  scope: DtcScope;
  /** The table's short description; null when the table does not hold the code. */
  description: string | null;
}

/** What is known of a valid code (normalise it first). */
export function describeDtc(code: string): DtcDescription {
  return { code, scope: dtcScope(code), description: TABLE[code] ?? null };
}

/** The line shown beside a code: its description, else 'manufacturer-specific' or 'generic code'. */
export function dtcLabel(code: string): string {
  const { scope, description } = describeDtc(code);
  return description ?? (scope === 'manufacturer' ? 'manufacturer-specific' : 'generic code');
}

/** The codes of a typed list: split at commas, semicolons and white space, normalised, first of each kept. */
export function splitDtcList(...values: unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    for (const item of items) {
      if (typeof item !== 'string') continue;
      for (const part of item.split(/[\s,;]+/)) {
        const code = normaliseDtc(part);
        if (code && !out.includes(code)) out.push(code);
      }
    }
  }
  return out;
}

/** A typed list checked: the valid codes (at most DTC_CODES_MAX) and what is not a code. */
export function parseDtcList(...values: unknown[]): { codes: string[]; invalid: string[]; tooMany: boolean } {
  const all = splitDtcList(...values);
  const codes = all.filter(isDtcCode);
  return {
    codes: codes.slice(0, DTC_CODES_MAX),
    invalid: all.filter((c) => !isDtcCode(c)),
    tooMany: codes.length > DTC_CODES_MAX,
  };
}

/**
 * A plan's `dtcCodes`: an array of codes or one typed list (multipart sends text), normalised
 * and de-duplicated; each must be a code, at most DTC_CODES_MAX.
 */
export const dtcCodesSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? [] : splitDtcList(value)),
  z
    .array(z.string().refine(isDtcCode, { error: (issue) => DTC_MESSAGES.invalid(String(issue.input)) }))
    .max(DTC_CODES_MAX, DTC_MESSAGES.tooMany),
);

/** Codes are allowed only on a plan with DTC OFF. */
export function dtcCodesAllowed(options: readonly string[]): boolean {
  return options.includes(DTC_OFF_OPTION);
}

/** POST /admin/tickets/dtc-codes: an engineer ticks one code off (removed) or back. */
export const tickDtcCodeSchema = z.object({
  ticketNumber: z.coerce
    .number({ error: 'Ticket number missing!' })
    .int('Ticket number missing!')
    .min(1, 'Ticket number missing!')
    .max(2_147_483_647, 'Ticket number missing!'),
  code: z
    .string({ error: 'code is required' })
    .transform(normaliseDtc)
    .refine(isDtcCode, { error: (issue) => DTC_MESSAGES.invalid(String(issue.input)) }),
  removed: z.boolean({ error: 'removed must be true or false' }),
});
export type TickDtcCodeInput = z.infer<typeof tickDtcCodeSchema>;

/** The codes of a new ticket, none removed yet. */
export function freshDtcCodes(codes: readonly string[]): DtcCodeDto[] {
  return codes.map((code) => ({ code, removed: false }));
}

/** The codes the delivery names as removed, in the ticket's order. */
export function removedDtcCodes(codes: readonly DtcCodeDto[] | null | undefined): string[] {
  return (codes ?? []).filter((c) => c.removed).map((c) => c.code);
}
