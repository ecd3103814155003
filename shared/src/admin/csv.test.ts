import { describe, expect, it } from 'vitest';
import { type CsvValue, csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each<[string, CsvValue, string]>([
    ['plain text', 'Ada', 'Ada'],
    ['empty text', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['a whole number', 42, '42'],
    ['a negative number stays a number', -5, '-5'],
    ['a decimal', 60.5, '60.5'],
    ['zero', 0, '0'],
    ['NaN is empty', Number.NaN, ''],
    ['Infinity is empty', Number.POSITIVE_INFINITY, ''],
    ['true', true, 'true'],
    ['false', false, 'false'],
    ['a comma is quoted', 'Smith, Jane', '"Smith, Jane"'],
    ['a quote is doubled and quoted', 'The "Best" Ltd', '"The ""Best"" Ltd"'],
    ['a line feed is quoted', 'Unit 1\nPark', '"Unit 1\nPark"'],
    ['a CRLF is quoted', 'Unit 1\r\nPark', '"Unit 1\r\nPark"'],
    ['= is neutralised and quoted', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['= without quotes needs none', '=1+1', "'=1+1"],
    ['+ is neutralised', '+44 20 7946 0000', "'+44 20 7946 0000"],
    ['- is neutralised', '-2+3', "'-2+3"],
    ['text that looks like a negative number is text', '-5', "'-5"],
    ['@ is neutralised', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['a leading tab is neutralised', '\t=1', "'\t=1"],
    ['a leading carriage return is neutralised and quoted', '\r=1', `"'\r=1"`],
    ['= later in the text is harmless', 'a=b', 'a=b'],
    ['a leading space is left alone', ' =1', ' =1'],
    ['an e-mail is left alone', 'ada@ecu.test', 'ada@ecu.test'],
    ['an ISO date is left alone', '2026-01-31T10:00:00.000Z', '2026-01-31T10:00:00.000Z'],
    ['non-ASCII text is kept', 'Zoë Müller', 'Zoë Müller'],
  ])('%s', (_, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it.each<[string, CsvValue[][], string]>([
    ['no rows', [], ''],
    ['a header only', [['id', 'name']], 'id,name\r\n'],
    [
      'rows end with CRLF, cells joined by commas',
      [
        ['id', 'name', 'credits'],
        ['u1', 'Ada', 5],
        ['u2', '=cmd', -1],
      ],
      "id,name,credits\r\nu1,Ada,5\r\nu2,'=cmd,-1\r\n",
    ],
    ['empty cells keep their commas', [['a', null, undefined, '']], 'a,,,\r\n'],
    [
      'a multi-line cell stays one record',
      [
        ['x', 'l1\r\nl2'],
        ['y', 'z'],
      ],
      'x,"l1\r\nl2"\r\ny,z\r\n',
    ],
  ])('%s', (_, rows, expected) => {
    expect(toCsv(rows)).toBe(expected);
  });
});
