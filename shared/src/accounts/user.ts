import type { Locale } from '../i18n/locales';
import type { Role } from './roles';

/** The user as the API shows it (docs/product.md#1-roles-and-accounts). Money in pounds, two decimals. */
export interface UserDto {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  country: string;
  city: string;
  postalCode: string;
  role: Role;
  credits: number;
  perCreditPrice: number;
  totalMoneySpent: number;
  totalFilesSubmitted: number;
  createdAt: string;
  updatedAt: string;
  onBoarded: boolean;
  verified: boolean;
  disabled: boolean;
  /** The account's language: its screens, e-mails and pushes (docs/decisions/093-languages.md). */
  locale: Locale;
}
