/** The JSON envelope of every API answer (DECISIONS section 4). */
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
}

export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;
