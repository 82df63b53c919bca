import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { User } from '@/types/user';

export type ProfileInput = { name: string; handle: string };

export const updateProfile = (input: ProfileInput) =>
  apiClient.put<{ user: User }>('/api/fitfeed/profile/me', input);

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
