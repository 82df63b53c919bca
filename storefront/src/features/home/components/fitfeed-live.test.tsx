import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRAND_NAME } from '@/config/brand';
import { calledUrls, errorResponse, jsonResponse, mockSessionApi } from '@/testing/mock-fetch';
import { currentLocation, renderWithProviders } from '@/testing/test-utils';
import type { FeedPostPreview } from '../api/get-fitfeed-preview';
import { FitfeedLive } from './fitfeed-live';

let sequence = 0;

const buildPost = (overrides: Partial<FeedPostPreview> = {}): FeedPostPreview => {
  sequence += 1;
  return {
    id: `post_test_${String(sequence)}`,
    imageUrl: `/media/posts/${String(sequence)}.webp`,
    text: `Fit number ${String(sequence)}`,
    user: { name: `Poster ${String(sequence)}`, handle: `poster${String(sequence)}` },
    ...overrides,
  };
};

describe('FitfeedLive', () => {
  it('invites people to tag the brand', () => {
    mockSessionApi(null);

    renderWithProviders(<FitfeedLive />);

    expect(screen.getByRole('heading', { level: 2, name: 'FITFEED LIVE' })).toBeInTheDocument();
    expect(screen.getByText(`Tag #${BRAND_NAME}Fit to get featured`)).toBeInTheDocument();
  });

  it('shows skeletons while the feed loads', () => {
    mockSessionApi(null, () => new Promise<Response>(() => undefined));

    renderWithProviders(<FitfeedLive />);

    expect(screen.getByRole('status', { name: 'Loading FitFeed' })).toBeInTheDocument();
  });

  it('shows the empty state and no posts when the feed answers 404', async () => {
    const fetchMock = mockSessionApi(null, () => errorResponse('Not found', 404));

    renderWithProviders(<FitfeedLive />);

    expect(await screen.findByText('No fits posted yet.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('fitfeed-tile')).toHaveLength(0);
    expect(screen.queryByRole('status', { name: 'Loading FitFeed' })).toBeNull();
    expect(calledUrls(fetchMock, '/api/fitfeed').map((url) => `${url.pathname}${url.search}`)).toEqual([
      '/api/fitfeed/feed?limit=12',
    ]);
  });

  it('shows at most 12 posts, each linking to its highlight in the feed', async () => {
    const posts = Array.from({ length: 14 }, () => buildPost());
    mockSessionApi(null, () => jsonResponse({ posts }));

    renderWithProviders(<FitfeedLive />);

    const tiles = await screen.findAllByTestId('fitfeed-tile');
    expect(tiles).toHaveLength(12);
    expect(tiles[0]).toHaveAttribute('href', `/fitfeed?highlight=${posts[0]?.id ?? ''}`);
    expect(within(tiles[0] ?? document.body).getByRole('img')).toHaveAttribute('alt', posts[0]?.text ?? '');
  });

  it('uses the image field when a post has no imageUrl', async () => {
    const post = buildPost({ imageUrl: null, image: '/media/posts/alt.webp' });
    mockSessionApi(null, () => jsonResponse({ posts: [post] }));

    renderWithProviders(<FitfeedLive />);

    const [tile] = await screen.findAllByTestId('fitfeed-tile');
    expect(within(tile ?? document.body).getByRole('img')).toHaveAttribute('src', '/media/posts/alt.webp');
  });

  it('remembers the clicked post under FITFEED_HIGHLIGHT and opens the feed', async () => {
    const first = buildPost();
    const second = buildPost();
    mockSessionApi(null, () => jsonResponse({ posts: [first, second] }));

    renderWithProviders(<FitfeedLive />);
    const tiles = await screen.findAllByTestId('fitfeed-tile');
    fireEvent.click(tiles[1] ?? document.body);

    expect(window.sessionStorage.getItem('FITFEED_HIGHLIGHT')).toBe(second.id);
    expect(currentLocation()).toBe(`/fitfeed?highlight=${second.id}`);
  });
});
