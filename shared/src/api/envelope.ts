import type { ErrorCode } from './error-codes';

/** The JSON envelope of every API answer (docs/product.md#13-the-http-api). */
export interface FieldError {
  path: string;
  message: string;
}

export interface ApiSuccess<T> {
  success: true;
  message: string;
  data: T;
  nextCursor?: string | null;
}

export interface ApiFailure {
  success: false;
  message: string;
  errors: FieldError[];
  /** What went wrong, for code to branch on (docs/decisions/033-error-codes.md). */
  code: ErrorCode;
}

export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;
