import type { Random } from './seeded-random';

/**
 * The cars that demo tickets are for: makes spelled as the upload wizard suggests them (so
 * that the 2-credit families of shared/src/tickets/stages.ts price right), a few common
 * models each, and how often a tuner sends one.
 */
export const DEMO_MAKES: readonly (readonly [make: string, weight: number, models: readonly string[]])[] = [
  ['Volkswagen', 16, ['Golf', 'Passat', 'Polo', 'Tiguan', 'Transporter', 'Touareg', 'Caddy', 'Amarok']],
  ['Audi', 10, ['A3', 'A4', 'A6', 'Q5', 'Q7', 'S3', 'RS3', 'TT']],
  ['BMW', 11, ['118d', '320d', '330d', '520d', '530d', 'X3 xDrive20d', 'X5 xDrive30d', 'M140i', 'M3']],
  ['Mercedes-Benz', 8, ['C220d', 'E220d', 'A200', 'Sprinter 316', 'Vito 119', 'GLC 250d', 'ML350']],
  ['Ford', 9, ['Focus', 'Fiesta ST', 'Transit', 'Ranger', 'Kuga', 'Mondeo', 'Mustang']],
  ['Vauxhall', 4, ['Astra', 'Corsa', 'Insignia', 'Vivaro']],
  ['Opel', 3, ['Astra', 'Corsa', 'Insignia', 'Movano']],
  ['Skoda', 5, ['Octavia', 'Superb', 'Fabia', 'Kodiaq']],
  ['Seat', 3, ['Leon', 'Ibiza', 'Ateca']],
  ['Cupra', 1, ['Formentor', 'Leon']],
  ['Peugeot', 4, ['208', '308', '3008', 'Boxer', 'Partner']],
  ['Citroen', 3, ['C3', 'C4', 'Berlingo', 'Relay']],
  ['Renault', 4, ['Clio', 'Megane', 'Master', 'Trafic', 'Kadjar']],
  ['Fiat', 2, ['500', 'Ducato', 'Doblo', 'Tipo']],
  ['Toyota', 3, ['Hilux', 'Land Cruiser', 'RAV4', 'Corolla']],
  ['Nissan', 2, ['Navara', 'Qashqai', 'X-Trail', 'GT-R']],
  ['Land Rover', 3, ['Discovery', 'Range Rover Sport', 'Defender', 'Evoque']],
  ['Volvo', 2, ['XC60', 'XC90', 'V60', 'V40']],
  ['Hyundai', 2, ['i30', 'Tucson', 'Santa Fe', 'i20 N']],
  ['Kia', 2, ['Sportage', 'Ceed', 'Sorento']],
  ['MINI', 2, ['Cooper S', 'Cooper SD', 'Countryman', 'John Cooper Works']],
  ['Porsche', 1, ['Cayenne', 'Macan', '911 Carrera', 'Panamera']],
  ['Alfa Romeo', 1, ['Giulia', 'Stelvio', 'Giulietta']],
  ['Aston Martin', 0.2, ['Vantage', 'DB11']],
  ['Mazda', 1, ['3', '6', 'CX-5', 'MX-5']],
  ['Iveco', 1, ['Daily']],
  ['Jeep', 1, ['Grand Cherokee', 'Wrangler', 'Renegade']],
];

const LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
const letters = (random: Random, n: number) =>
  Array.from({ length: n }, () => random.pick(LETTERS.split(''))).join('');
const digits = (random: Random, n: number) => String(random.int(10 ** (n - 1), 10 ** n - 1));

/** A plate in the country's usual look ('AB19 CDE' in Great Britain, 'M-AB 1234' in Germany). */
export function demoRegistration(random: Random, country: string, year: number): string {
  switch (country) {
    case 'GB': {
      const age = year % 100;
      return `${letters(random, 2)}${String(random.chance(0.5) ? age : (age + 50) % 100).padStart(2, '0')} ${letters(random, 3)}`;
    }
    case 'IE':
      return `${String(year % 100).padStart(2, '0')}-${random.pick(['D', 'C', 'G', 'L', 'KK', 'WD'])}-${digits(random, 4)}`;
    case 'DE':
    case 'AT':
      return `${letters(random, random.int(1, 2))}-${letters(random, 2)} ${digits(random, random.int(2, 4))}`;
    case 'NL':
      return `${digits(random, 2)}-${letters(random, 3)}-${random.int(1, 9)}`;
    case 'FR':
    case 'IT':
      return `${letters(random, 2)}-${digits(random, 3)}-${letters(random, 2)}`;
    case 'ES':
      return `${digits(random, 4)} ${letters(random, 3)}`;
    case 'PL':
      return `${letters(random, 2)} ${digits(random, 5)}`;
    default:
      return `${letters(random, 3)} ${digits(random, 3)}`;
  }
}
