import { ContentPage } from '../../features/content/components/content-page.tsx';
import { ContactSupport } from '../../features/support/components/visitor-request.tsx';

/** `/contact-us`: the content page, then the way to the support team (a form for visitors). */
export function ContactRoute() {
  return (
    <>
      <ContentPage slug="contact-us" />
      <ContactSupport />
    </>
  );
}
