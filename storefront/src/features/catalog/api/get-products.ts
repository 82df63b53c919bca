import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CategoryType, Gender, ProductListResponse, StyleGroup } from '@/types/product';

export type ProductListParams = {
  active: boolean;
  gender: Gender;
  categoryType?: CategoryType;
  subcategory?: string;
  styleGroup?: StyleGroup;
  limit: number;
};

export const getProducts = (params: ProductListParams, signal?: AbortSignal) =>
  apiClient.get<ProductListResponse>('/api/products', { params, signal });

export const getProductsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => getProducts(params, signal),
  });

export const useProducts = (params: ProductListParams) => useQuery(getProductsQueryOptions(params));
