import { ApiError } from '@/lib/api-client';

/** A 401 that survived the client's refresh and retry: the shopper has to sign in. */
export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
