import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CategoryType, ProductListResponse } from '@/types/product';

export type CategoryCoverParams = {
  categoryType: CategoryType;
  subcategory: string;
};

/** One active men's product of a subcategory, whose picture illustrates that category tile. */
export const getCategoryCover = ({ categoryType, subcategory }: CategoryCoverParams, signal?: AbortSignal) =>
  apiClient.get<ProductListResponse>('/api/products', {
    params: { active: true, gender: 'MEN', categoryType, subcategory, limit: 1 },
    signal,
    skipSessionRefresh: true,
  });

export const getCategoryCoverQueryOptions = (params: CategoryCoverParams) =>
  queryOptions({
    queryKey: ['products', 'list', { active: true, gender: 'MEN', ...params, limit: 1 }],
    queryFn: ({ signal }) => getCategoryCover(params, signal),
    select: (response) => response.products[0] ?? null,
  });

export const useCategoryCover = (params: CategoryCoverParams) => useQuery(getCategoryCoverQueryOptions(params));
