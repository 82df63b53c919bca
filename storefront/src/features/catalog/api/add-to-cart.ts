import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/cart as the spec gives it; size may be null and refPostId is the stored referral, if any. */
export type AddToCartInput = {
  productId: string;
  quantity: number;
  size: string | null;
  refPostId: string | null;
};

export const addToCart = (input: AddToCartInput) => apiClient.post<unknown>('/api/cart', input);

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}
