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
}
