import { TWO_CREDIT_MAKES } from '@ecu/shared';

/**
 * Suggestions for the Make box (a datalist: any make may still be typed). Spelling a 2-credit
 * family the way the price rule does (e.g. 'BMW', 'MINI') keeps the Overview's quote right.
 */
export const MAKE_SUGGESTIONS: readonly string[] = [
  ...TWO_CREDIT_MAKES,
  'Audi',
  'Chevrolet',
  'Citroen',
  'Cupra',
  'Dacia',
  'Fiat',
  'Ford',
  'Honda',
  'Hyundai',
  'Isuzu',
  'Iveco',
  'Jaguar',
  'Jeep',
  'Kia',
  'Land Rover',
  'Lexus',
  'Mazda',
  'Mercedes-Benz',
  'Mitsubishi',
  'Nissan',
  'Opel',
  'Peugeot',
  'Porsche',
  'Renault',
  'Seat',
  'Skoda',
  'Smart',
  'Subaru',
  'Suzuki',
  'Toyota',
  'Vauxhall',
  'Volkswagen',
  'Volvo',
].sort((a, b) => a.localeCompare(b));
