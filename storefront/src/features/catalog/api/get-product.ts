import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ProductResponse } from '@/types/product';

export const getProduct = (id: string, signal?: AbortSignal) =>
  apiClient.get<ProductResponse>(`/api/products/${encodeURIComponent(id)}`, { signal, skipSessionRefresh: true });

export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export const useProduct = (id: string) => useQuery(getProductQueryOptions(id));
