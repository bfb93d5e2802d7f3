import { useLoaderData } from 'react-router';
import { ContentPage } from '../../features/content/components/content-page.tsx';

export function ContentRoute() {
  const { slug } = useLoaderData<{ slug: string }>();
  return <ContentPage key={slug} slug={slug} />;
}
