import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { leads } from '../../../db/schema/index';
import type { LeadPriority, LeadStatus } from '../../../../shared/crm/leads';

// Demo leads (issue 16): the CRM opens on a pipeline with something in every column. Written by the
// seed inside the book's own scope (the platform's: platform_sales on; a store's: its tenant), so the
// rows pass the same row-level security as requests.

interface DemoLead {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  projectType?: string;
  description?: string;
  budget?: string;
  status: LeadStatus;
  priority: LeadPriority;
  quote?: number;
  location?: string;
  source?: string;
  barkId?: string;
  notes?: string;
  userNotes?: string;
  /** Days before the seed ran: spreads created_at so "newest first" shows. */
  daysAgo: number;
  followUpInDays?: number;
}

const PLATFORM_LEADS: DemoLead[] = [
  { name: 'Olivia Bennett', email: 'olivia@bennettbakery.example', company: 'Bennett Bakery', phone: '0113 496 0001', projectType: 'E-commerce', description: 'Wants to sell cakes online with local delivery slots.', budget: '£5,000 - £10,000', status: 'new', priority: 'high', location: 'Leeds', daysAgo: 0, followUpInDays: 1 },
  {
    name: 'Marcus Reid', email: 'marcus.reid@example.com', phone: '07700 900123', projectType: 'Website Development', description: 'Looking for a small shop for handmade furniture, about 40 products.', status: 'new', priority: 'medium', location: 'Bristol, BS1', source: 'bark', barkId: 'demo-bark-1001', daysAgo: 1,
    notes: JSON.stringify({ bark_created_at_date_utc: '2026-11-20', bark_purchased_count: 2, bark_credits_required: 14, bark_display_text: 'Looking for a small shop for handmade furniture, about 40 products.' }),
  },
  { name: 'Priya Shah', email: 'priya@shahtextiles.example', company: 'Shah Textiles', projectType: 'E-commerce', budget: '£10,000 - £25,000', status: 'contacted', priority: 'high', location: 'Leicester', userNotes: 'Called on Monday; send examples of fabric shops.', daysAgo: 3, followUpInDays: 2 },
  { name: 'Tom Hughes', email: 'tom@hughesbikes.example', company: 'Hughes Bikes', projectType: 'Consulting', status: 'contacted', priority: 'low', source: 'referral', daysAgo: 5 },
  { name: 'Chloe Martin', email: 'chloe@martinflorals.example', company: 'Martin Florals', projectType: 'Mobile App', budget: '£5,000 - £10,000', status: 'qualified', priority: 'medium', location: 'York', daysAgo: 8, followUpInDays: 5 },
  { name: 'Daniel Okafor', email: 'daniel@okaforcoffee.example', company: 'Okafor Coffee', projectType: 'E-commerce', budget: '£10,000 - £25,000', status: 'quoted', priority: 'high', quote: 12500, location: 'Manchester', daysAgo: 12, followUpInDays: 3 },
  { name: 'Emma Clarke', email: 'emma@clarkeceramics.example', company: 'Clarke Ceramics', projectType: 'Website Development', status: 'won', priority: 'medium', quote: 4800, daysAgo: 20 },
  { name: 'Harry Wilson', email: 'harry@wilsonoutdoor.example', company: 'Wilson Outdoor', projectType: 'Other', status: 'lost', priority: 'low', quote: 2200, userNotes: 'Chose a cheaper template service.', daysAgo: 30 },
];

const STORE_LEADS: DemoLead[] = [
  { name: 'Sophie Turner', email: 'sophie@turnerevents.example', company: 'Turner Events', projectType: 'Other', description: 'Wholesale order of 200 mugs for a conference.', status: 'new', priority: 'high', location: 'London', daysAgo: 0, followUpInDays: 1 },
  { name: 'James Patel', email: 'james.patel@example.com', projectType: 'Other', description: 'Custom engraved gift sets for staff.', status: 'contacted', priority: 'medium', daysAgo: 4 },
  { name: 'Grace Evans', email: 'grace@evanscafe.example', company: 'Evans Café', projectType: 'Other', status: 'quoted', priority: 'medium', quote: 950, daysAgo: 9, followUpInDays: 4 },
  { name: 'Noah Brown', email: 'noah@brownoffices.example', company: 'Brown Offices', projectType: 'Other', status: 'won', priority: 'low', quote: 1800, daysAgo: 15 },
];

/**
 * Seeds a book's demo leads: the platform's (tenantId null) with every status and priority and one
 * Bark lead, or a store's smaller set. Run inside that book's scope.
 */
export async function seedDemoLeads(tx: Tx, tenantId: string | null): Promise<number> {
  const rows = (tenantId ? STORE_LEADS : PLATFORM_LEADS).map((l) => ({
    tenantId,
    name: l.name,
    email: l.email,
    phone: l.phone ?? null,
    company: l.company ?? null,
    projectType: l.projectType ?? null,
    projectDescription: l.description ?? null,
    budgetRange: l.budget ?? null,
    status: l.status,
    priority: l.priority,
    quoteAmountPence: l.quote === undefined ? null : l.quote * 100,
    userNotes: l.userNotes ?? null,
    location: l.location ?? null,
    source: l.source ?? 'manual',
    barkId: l.barkId ?? null,
    notes: l.notes ?? null,
    nextFollowUp: l.followUpInDays === undefined ? null : sql<string>`(current_date + ${l.followUpInDays}::int)`,
    createdAt: sql<Date>`now() - make_interval(days => ${l.daysAgo}::int)`,
    updatedAt: sql<Date>`now() - make_interval(days => ${l.daysAgo}::int)`,
  }));
  await tx.insert(leads).values(rows);
  return rows.length;
}
