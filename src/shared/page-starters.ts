// What a new page can start from (issue 27 item 7): a blank page, an About, Contact or FAQ page, or one
// of the four legal pages (the same texts Settings > Policies starts them from). Each is real starting
// copy for a UK shop with the store's own details filled in, written in the editor's tags only, so the
// merchant edits it in the rich-text editor and nothing is lost on the first save.

import { LEGAL_PAGE_KINDS, LEGAL_PAGES, legalPageBody, type LegalFacts, type LegalPageKind } from './legal-templates';
import { pageSlugFor, type PageContent } from './page-templates';

export const PAGE_STARTER_KEYS = ['blank', 'about', 'contact', 'faq', ...LEGAL_PAGE_KINDS] as const;
export type PageStarterKey = (typeof PAGE_STARTER_KEYS)[number];

export interface PageStarter {
  key: PageStarterKey;
  /** As the new-page dialog lists it. */
  label: string;
  description: string;
  /** The page template (slots) it fills in. */
  templateKey: 'about' | 'legal';
  /** The title it suggests ('' for a blank page). */
  title: string;
  /** The legal pages keep the address their cross-links use while the title is their own. */
  slug?: string;
}

const legal = (kind: LegalPageKind, description: string): PageStarter => ({ key: kind, label: LEGAL_PAGES[kind].title, description, templateKey: 'legal', title: LEGAL_PAGES[kind].title, slug: LEGAL_PAGES[kind].slug });

export const PAGE_STARTERS: Readonly<Record<PageStarterKey, PageStarter>> = {
  blank: { key: 'blank', label: 'Blank page', description: 'A title and an empty page to write yourself.', templateKey: 'about', title: '' },
  about: { key: 'about', label: 'About us', description: 'Your story, what you stand for and how you work.', templateKey: 'about', title: 'About us' },
  contact: { key: 'contact', label: 'Contact us', description: 'Your email, phone and address, and what to include.', templateKey: 'about', title: 'Contact us' },
  faq: { key: 'faq', label: 'FAQ', description: 'Answers about ordering, delivery and returns.', templateKey: 'about', title: 'Frequently asked questions' },
  terms: legal('terms', 'The contract for buying from you, under UK consumer law.'),
  privacy: legal('privacy', 'How you handle customers’ personal data (UK GDPR).'),
  returns: legal('returns', 'Cancelling, returning and refunds.'),
  delivery: legal('delivery', 'Your delivery options, times and charges.'),
};

export const isPageStarterKey = (key: string): key is PageStarterKey => (PAGE_STARTER_KEYS as readonly string[]).includes(key);

/**
 * The address a new page gets when none is typed: from its title, except that a legal page still titled
 * as suggested keeps its usual address (/pages/privacy), where the other legal pages link to it.
 */
export function starterSlug(starter: PageStarterKey | undefined, title: string): string {
  const known = starter ? PAGE_STARTERS[starter] : undefined;
  if (known?.slug && title.trim() === known.title) return known.slug;
  return pageSlugFor(title);
}

/** The new page's content: its title, and the starter's body written for this store. */
export function starterContent(key: PageStarterKey, title: string, facts: LegalFacts): PageContent {
  if ((LEGAL_PAGE_KINDS as readonly string[]).includes(key)) return { hero_title: title, body: legalPageBody(key as LegalPageKind, facts) };
  const content: PageContent = { hero_title: title, show_cta: false };
  if (key === 'about') Object.assign(content, { body: aboutBody(facts), show_cta: true, cta_text: 'Browse the shop', cta_href: '/' });
  if (key === 'contact') content.body = contactBody(facts);
  if (key === 'faq') content.body = faqBody(facts);
  return content;
}

// ---------------------------------------------------------------------------------------------
// Static text is written as HTML; only values from `facts` go through esc.

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
const given = (text: string | null | undefined) => text?.trim() || null;
const p = (html: string) => `<p>${html}</p>`;
const h2 = (text: string) => `<h2>${text}</h2>`;
const h3 = (text: string) => `<h3>${text}</h3>`;
const ul = (items: string[]) => (items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : '');
const mailLink = (email: string) => `<a href="mailto:${esc(email)}">${esc(email)}</a>`;
const phoneLink = (phone: string) => `<a href="tel:${esc(phone.replace(/[^\d+]/g, ''))}">${esc(phone)}</a>`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "email us at x or call us on y", from what the store has on file; null when it has neither. */
function reachUs(facts: LegalFacts): string | null {
  const email = given(facts.contactEmail);
  const phone = given(facts.contactPhone);
  const ways = [email && `email us at ${mailLink(email)}`, phone && `call us on ${phoneLink(phone)}`].filter(Boolean);
  return ways.length ? ways.join(' or ') : null;
}

function aboutBody(facts: LegalFacts): string {
  const name = esc(facts.storeName.trim());
  const reach = reachUs(facts);
  return [
    h2('Our story'),
    p(`${name} is an independent UK shop run by a small team. We started it to bring together things we love and would happily buy ourselves: well made, fairly priced and chosen with care.`),
    h2('What we stand for'),
    ul([
      '<strong>Quality first.</strong> We only stock products we are proud to sell.',
      '<strong>Honest prices.</strong> Delivery charges are shown before you pay, with no surprises at checkout.',
      '<strong>Real people.</strong> When you get in touch, you hear back from someone who works here.',
    ]),
    h2('Shopping with us'),
    p('We pack every order with care and let you know as soon as it is on its way. If something is not right, we will put it right.'),
    p(reach ? `Questions? You can ${reach}. Thank you for supporting an independent business.` : 'Thank you for supporting an independent business.'),
  ].join('');
}

function contactBody(facts: LegalFacts): string {
  const email = given(facts.contactEmail);
  const phone = given(facts.contactPhone);
  const address = facts.addressLines.map((l) => l.trim()).filter(Boolean);
  const ways = ul([email && `Email: ${mailLink(email)}`, phone && `Phone: ${phoneLink(phone)}`].filter((w): w is string => Boolean(w)));
  return [
    p(`The team at ${esc(facts.storeName.trim())} is happy to help with questions about our products, your order, delivery or returns. We aim to reply within one working day.`),
    h2('Get in touch'),
    // With nothing on file the page says what to add, rather than inventing an address.
    ways || p('Add your email address and phone number here. Saved in Settings &gt; Store Info, they are filled in for you on new pages.'),
    address.length ? h2('Our address') + p(`${esc(facts.storeName.trim())}, ${address.map(esc).join(', ')}`) : '',
    h2('About an order'),
    p('Please include your order number, which is in your order confirmation email, so we can help you quickly.'),
  ].join('');
}

function faqBody(facts: LegalFacts): string {
  const reach = reachUs(facts);
  const options = facts.deliveryOptions
    .filter((o) => given(o.name))
    .map((o) => `<strong>${esc(o.name.trim())}</strong>: ${[o.priceText, o.daysText, o.freeOverText && `free on orders over ${o.freeOverText}`].filter(Boolean).map((d) => esc(String(d))).join(', ')}`);
  const returns = facts.returnsDays === null
    ? 'You can cancel your order within 14 days of receiving it, as UK consumer law allows, and faulty items are always ours to put right.'
    : `Yes. You can return most items within ${plural(facts.returnsDays, 'day')} of delivery for a refund. Faulty items are always ours to put right.`;
  const refund = facts.refundDays ? ` Refunds reach you within ${facts.refundDays.min === facts.refundDays.max ? plural(facts.refundDays.min, 'business day') : `${Math.min(facts.refundDays.min, facts.refundDays.max)}-${Math.max(facts.refundDays.min, facts.refundDays.max)} business days`} of us receiving the return.` : '';
  return [
    h2('Ordering'),
    h3('How do I pay?'),
    p('By debit or credit card at checkout. Payments are handled securely by our payment provider, so we never see your full card number.'),
    h3('Can I change or cancel my order?'),
    p(`Contact us as soon as you can${reach ? `: ${reach}` : ''}. If your order has not been sent yet, we will change or cancel it for you.`),
    h2('Delivery'),
    h3('How much does delivery cost?'),
    options.length ? p('We offer:') + ul(options) : p('Delivery options and charges are shown at checkout before you pay.'),
    h3('Where do you deliver?'),
    p(`${esc(facts.storeName.trim())} delivers to addresses in the United Kingdom.`),
    h2('Returns'),
    h3('Can I return something?'),
    p(returns + refund),
    h3('What if my order arrives damaged?'),
    p('Contact us with your order number and a photo of the damage, and we will send a replacement or refund you.'),
  ].join('');
}
