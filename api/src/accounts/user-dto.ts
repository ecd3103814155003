import { asLocale, penceToPounds, type UserDto } from '@ecu/shared';
import type { UserRow } from '../http/context';

export function toUserDto(u: UserRow): UserDto {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    address: u.address,
    country: u.country,
    city: u.city,
    postalCode: u.postalCode,
    role: u.role,
    credits: u.credits,
    perCreditPrice: penceToPounds(u.perCreditPricePence),
    totalMoneySpent: penceToPounds(u.totalMoneySpentPence),
    totalFilesSubmitted: u.totalFilesSubmitted,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    onBoarded: u.onBoarded,
    verified: u.emailVerified,
    disabled: u.disabled,
    locale: asLocale(u.locale),
  };
}
