// Starting texts for the four legal pages every UK online shop needs (terms, privacy, returns,
// delivery). They are templates: the merchant edits them afterwards in the rich-text editor, so the
// HTML uses only the editor's tags (RICH_TEXT_TAGS in page-templates.ts) and plain British English.
// Everything the merchant typed is escaped here, because the output is HTML that is shown straight
// in the editor before the server's sanitiser ever sees it.

import { LEGAL_PAGE_KINDS, type LegalPageKind } from './store-promises';

// The kinds are the store's (store-promises.ts: its settings name its legal pages by kind).
export { LEGAL_PAGE_KINDS, type LegalPageKind };

/** Page title and default slug per kind. */
export const LEGAL_PAGES: Record<LegalPageKind, { title: string; slug: string }> = {
  terms: { title: 'Terms and conditions', slug: 'terms' },
  privacy: { title: 'Privacy policy', slug: 'privacy' },
  returns: { title: 'Returns and refunds', slug: 'returns' },
  delivery: { title: 'Delivery information', slug: 'delivery' },
};

export interface LegalFacts {
  /** For example "Demo Store". */
  storeName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  /** [] when not given. */
  addressLines: string[];
  companyNumber: string | null;
  vatNumber: string | null;
  /** The store's own returns window in days; null = no returns beyond the law. */
  returnsDays: number | null;
  /** Refund time in business days; null = not stated. */
  refundDays: { min: number; max: number } | null;
  /** Free text the merchant wrote about delivery. */
  deliveryNote: string | null;
  /** Already formatted, for example "£3.99", "3-5 business days", "£100.00". */
  deliveryOptions: { name: string; priceText: string; daysText: string | null; freeOverText: string | null }[];
}

/** The starting HTML body of one legal page for this store. */
export function legalPageBody(kind: LegalPageKind, facts: LegalFacts): string {
  return render(BUILDERS[kind](facts));
}

// ---------------------------------------------------------------------------------------------
// Small helpers. Static text below is written as HTML; only values from `facts` go through esc.

/** A page section: its h2 heading and its blocks of HTML (empty blocks are left out). */
interface Section {
  heading: string;
  blocks: string[];
}

// Local on purpose (shared/ modules here stay free-standing); same five characters as html-escape.ts.
function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Trimmed text, or null when missing or blank: a blank field must not print "Phone: " or "null". */
function given(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

const p = (html: string) => `<p>${html}</p>`;
// An empty list would leave <ul></ul> for the merchant to find and delete, so none is written.
const list = (tag: 'ul' | 'ol', items: string[]) => (items.length ? `<${tag}>${items.map((i) => `<li>${i}</li>`).join('')}</${tag}>` : '');
const ul = (items: string[]) => list('ul', items);
const ol = (items: string[]) => list('ol', items);
const link = (href: string, text: string) => `<a href="${href}">${text}</a>`;
/** A link to another legal page at its default slug (storefront pages live under /pages/). */
const pageLink = (kind: LegalPageKind) => link(`/pages/${LEGAL_PAGES[kind].slug}`, LEGAL_PAGES[kind].title);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function render(sections: Section[]): string {
  return sections
    .map((s) => ({ heading: s.heading, blocks: s.blocks.filter((b) => b !== '') }))
    .filter((s) => s.blocks.length > 0)
    .map((s) => `<h2>${s.heading}</h2>${s.blocks.join('')}`)
    .join('');
}

function addressText(facts: LegalFacts): string | null {
  return given(facts.addressLines.map((line) => line.trim()).filter(Boolean).join(', '));
}

/** Email, phone and postal address as list items, each only when given. */
function contactItems(facts: LegalFacts): string[] {
  const email = given(facts.contactEmail);
  const phone = given(facts.contactPhone);
  const address = addressText(facts);
  const items: string[] = [];
  if (email) items.push(`Email: ${link(`mailto:${esc(email)}`, esc(email))}`);
  if (phone) items.push(`Phone: ${esc(phone)}`);
  if (address) items.push(`Post: ${esc(address)}`);
  return items;
}

function contactSection(facts: LegalFacts): Section {
  const items = contactItems(facts);
  return {
    heading: 'Contact us',
    // With no details on file the sentence still reads; the merchant fills them in when editing.
    blocks: items.length ? [p('You can contact us by:'), ul(items)] : [p('You can contact us using the details on our website.')],
  };
}

// ---------------------------------------------------------------------------------------------
// The four pages.

function terms(facts: LegalFacts): Section[] {
  const name = esc(facts.storeName.trim());
  const address = addressText(facts);
  const company = given(facts.companyNumber);
  const vat = given(facts.vatNumber);
  const identity = [
    address && `Address: ${esc(address)}`,
    company && `Company number: ${esc(company)}`,
    vat && `VAT number: ${esc(vat)}`,
  ].filter((item): item is string => Boolean(item));

  return [
    {
      heading: 'Who we are',
      blocks: [
        p(`These terms apply when you buy from ${name} (“we”, “us”) through this website. Please read them before you order.`),
        ul(identity),
        p('You can reach us using the details under “Contact us” below.'),
      ],
    },
    {
      heading: 'Ordering and your contract with us',
      blocks: [
        p('When you place an order, we email you to say we have received it. This does not yet mean we have accepted it.'),
        p('The contract between you and us is formed when we confirm your order by email or dispatch it, whichever comes first.'),
        p('If we cannot accept your order, for example because an item is out of stock or a price was wrong, we will tell you and will not charge you, or will refund you in full.'),
      ],
    },
    {
      heading: 'Prices and payment',
      blocks: [
        // Only claimed when the merchant gave a VAT number: without one we cannot tell whether they are registered.
        p(`Prices are in pounds sterling (GBP).${vat ? ' Prices include VAT where it applies.' : ''} Delivery charges are shown at checkout before you pay.`),
        p('You pay by debit or credit card when you place your order. Card payments are handled by our payment provider, so we never see your full card number.'),
      ],
    },
    {
      heading: 'Delivery',
      blocks: [
        p(`Delivery options, times and charges are on our ${pageLink('delivery')} page.`),
        p('The goods are our responsibility until they are delivered to you. They become yours once we have received payment in full.'),
      ],
    },
    {
      heading: 'Your right to cancel',
      blocks: [
        p('Under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013, you can cancel your order within 14 days without giving a reason. The 14 days start the day after you receive the goods, or the last item if your order arrives in parts.'),
        p('After telling us, you have another 14 days to send the goods back. We refund the price and the standard delivery charge within 14 days of receiving the goods back, or of you showing us proof that you sent them, if that is sooner.'),
        p('This right does not cover personalised items, goods that go off quickly, or sealed hygiene goods once you have unsealed them. See our ' + pageLink('returns') + ' page for how to return an item.'),
      ],
    },
    {
      heading: 'Faulty goods',
      blocks: [
        p('Under the Consumer Rights Act 2015, goods must be as described, fit for purpose and of satisfactory quality.'),
        p('If they are not, you can reject them for a full refund within 30 days of delivery. After that, you can ask for a repair or replacement. If that is not possible or does not fix the problem, you can have a price reduction or a refund.'),
        p('Nothing in these terms affects your legal rights.'),
      ],
    },
    {
      heading: 'Our liability',
      blocks: [
        p('If we break these terms, we are responsible for loss or damage you suffer that is a foreseeable result of our breach or our negligence. We are not responsible for loss or damage that is not foreseeable.'),
        p('We sell goods for domestic and private use only. We are not liable for business losses, such as loss of profit or business interruption.'),
        p('We do not exclude or limit our liability where the law does not allow it, including for death or personal injury caused by our negligence, for fraud, or for breaking your legal rights as a consumer.'),
      ],
    },
    {
      heading: 'Law and courts',
      blocks: [
        p('These terms are governed by the law of England and Wales, and you can bring legal proceedings in the courts of England and Wales.'),
        p('If you live in Scotland, you can also bring proceedings in the Scottish courts. If you live in Northern Ireland, you can also bring proceedings in the courts of Northern Ireland.'),
      ],
    },
    contactSection(facts),
  ];
}

function privacy(facts: LegalFacts): Section[] {
  const name = esc(facts.storeName.trim());
  return [
    {
      heading: 'Who we are',
      blocks: [
        p(`${name} is the controller of the personal data you give us when you use this website or buy from us. This means we decide how and why it is used.`),
        p('We follow the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.'),
      ],
    },
    {
      heading: 'The data we collect',
      blocks: [
        ul([
          'Your name, email address and phone number',
          'Your delivery and billing addresses',
          'Your order history and any messages you send us',
          'Technical data such as your IP address and browser, used to keep the website working and secure',
        ]),
        p('Card payments are handled by our payment provider. We never see or store your full card number.'),
      ],
    },
    {
      heading: 'How we use your data and why',
      blocks: [
        p('We only use your data when the law gives us a reason (a “lawful basis”):'),
        ul([
          '<strong>To fulfil your order</strong> (contract): taking payment, delivering your order, handling returns and answering your questions.',
          '<strong>To meet our legal obligations</strong> (legal obligation): keeping tax and accounting records for 6 years, as HMRC requires.',
          '<strong>To run and protect our business</strong> (legitimate interests): preventing fraud, keeping the website secure and improving our shop.',
          '<strong>To send you marketing emails</strong> (consent): only if you have agreed. You can unsubscribe at any time using the link in each email.',
        ]),
      ],
    },
    {
      heading: 'Who we share it with',
      blocks: [
        ul([
          'Our payment provider, to take payment and prevent fraud',
          'Delivery companies, who need your name and address, and sometimes your phone number or email, to deliver your order',
          'Our e-commerce platform provider, who hosts our shop and handles data for us as our processor, following our instructions',
        ]),
        p('We may also share data where the law requires it, for example with HMRC. We never sell your personal data.'),
        p('If any of these providers handle data outside the UK, we make sure it is protected by the safeguards UK law requires.'),
      ],
    },
    {
      heading: 'How long we keep it',
      blocks: [
        p('We keep order and payment records for 6 years, to meet tax and accounting rules. If you sign up for marketing emails, we keep your email address for that until you unsubscribe.'),
        p('We keep other data only as long as we need it for the reasons above, then delete it.'),
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        p('You have the right to:'),
        ul([
          'access your data and get a copy of it',
          'have inaccurate data corrected (rectification)',
          'have your data deleted (erasure)',
          'restrict how we use your data',
          'object to how we use your data, and to direct marketing at any time',
          'receive your data in a common format or have it sent to another company (portability)',
        ]),
        p('To use any of these rights, contact us. We reply within one month, and there is usually no charge.'),
      ],
    },
    {
      heading: 'Complaints',
      blocks: [
        p(`If you are unhappy with how we use your data, please contact us first. You can also complain to the Information Commissioner’s Office (ICO): ${link('https://ico.org.uk', 'ico.org.uk')}, phone 0303 123 1113.`),
      ],
    },
    contactSection(facts),
  ];
}

function returns(facts: LegalFacts): Section[] {
  const name = esc(facts.storeName.trim());
  const days = facts.returnsDays;
  const policy =
    days === null
      ? p(`We do not offer returns beyond what the law requires. You still have the legal right to cancel your order within 14 days, explained below.`)
      : p(`You can return most items within ${plural(days, 'day')} of delivery for a refund. Your legal rights, explained below, apply as well.`);

  return [
    { heading: 'Our returns policy', blocks: [p(`This page explains how to return items bought from ${name} and how refunds work.`), policy] },
    {
      heading: 'Your right to cancel',
      blocks: [
        p('Under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013, you can cancel your order without giving a reason.'),
        p('You have 14 days after the day you receive your goods to tell us. You then have a further 14 days from telling us to send the goods back.'),
        p('You can handle the goods as you would in a shop to check them. If they are used beyond that, we may reduce your refund to reflect the loss in value.'),
      ],
    },
    {
      heading: 'Items we cannot take back',
      blocks: [
        p('Unless they are faulty, you cannot cancel or return:'),
        ul([
          'personalised items, or items made to your specification',
          'perishable goods that go off quickly, such as food or flowers',
          'sealed goods that cannot be returned for health or hygiene reasons, such as cosmetics, once you have unsealed them',
        ]),
      ],
    },
    {
      heading: 'Faulty or incorrect items',
      blocks: [
        p('Under the Consumer Rights Act 2015, goods must be as described, fit for purpose and of satisfactory quality. If they are not, you can reject them for a full refund within 30 days of delivery. After that, you can ask for a repair or replacement, and if that does not work, a price reduction or a refund.'),
        p('We pay the cost of returning faulty or incorrect items.'),
      ],
    },
    {
      heading: 'How to return an item',
      blocks: [
        ol([
          'Contact us first, with your order number and the items you want to return.',
          'We will tell you where to send them.',
          'Pack the items securely and keep your proof of postage until your refund arrives.',
        ]),
        p('Unless the items are faulty or we sent the wrong thing, you pay the cost of sending them back.'),
      ],
    },
    {
      heading: 'Refunds',
      blocks: [
        refundTiming(facts.refundDays),
        p('By law, we must refund you no later than 14 days after we receive the goods back, or after you show us proof that you sent them, if that is sooner.'),
        p('We refund to the original payment method. If you cancel, the refund includes the standard delivery charge you paid, but not any extra you paid for faster delivery.'),
      ],
    },
    contactSection(facts),
  ];
}

function refundTiming(range: LegalFacts['refundDays']): string {
  if (!range) return '';
  // Tolerate the two numbers the wrong way round rather than print "within 7-5 business days".
  const min = Math.min(range.min, range.max);
  const max = Math.max(range.min, range.max);
  const span = min === max ? plural(min, 'business day') : `${min}-${max} business days`;
  return p(`We refund you within ${span} of receiving the return.`);
}

function delivery(facts: LegalFacts): Section[] {
  const name = esc(facts.storeName.trim());
  const options = facts.deliveryOptions
    .filter((o) => given(o.name))
    .map((o) => {
      const details = [given(o.priceText), given(o.daysText), given(o.freeOverText) && `free on orders over ${given(o.freeOverText)}`]
        .filter((d): d is string => Boolean(d))
        .map(esc);
      return `<strong>${esc(o.name.trim())}</strong>${details.length ? `: ${details.join(', ')}` : ''}`;
    });
  // The merchant's note keeps its line breaks as paragraphs; <br> is not an editor tag.
  const note = (given(facts.deliveryNote) ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => p(esc(line)));

  return [
    {
      heading: 'Delivery options',
      blocks: [options.length ? p('We offer:') + ul(options) : p('Delivery options and prices are shown at checkout.'), ...note],
    },
    {
      heading: 'Where and when we deliver',
      blocks: [
        p(`${name} delivers to addresses in the United Kingdom. Delivery times are estimates and start from when we dispatch your order.`),
        p('If your order has not arrived within 30 days, or by a date we agreed with you, contact us: you may be entitled to cancel and get a full refund.'),
      ],
    },
    {
      heading: 'If you are out',
      blocks: [
        p('If nobody is in, the delivery company may leave your parcel with a neighbour or in a safe place, or leave a card telling you how to rearrange delivery or collect it.'),
        p('If a parcel comes back to us because it could not be delivered, we will contact you to arrange redelivery or a refund.'),
      ],
    },
    {
      heading: 'Damaged or missing parcels',
      blocks: [
        p('If your parcel arrives damaged or something is missing, please contact us within 48 hours of delivery, with photos if you can, so we can put it right quickly. This does not affect your legal rights.'),
      ],
    },
    {
      heading: 'Risk and ownership',
      blocks: [p('The goods are our responsibility until they are delivered to you or to someone you have named to receive them. After that they are your responsibility. They become yours once we have received payment in full.')],
    },
    contactSection(facts),
  ];
}

const BUILDERS: Record<LegalPageKind, (facts: LegalFacts) => Section[]> = { terms, privacy, returns, delivery };
