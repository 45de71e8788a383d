import type { AiAudience, AiTone } from '../../../shared/ai';

// Phrase banks of the built-in writer, in UK English. Each list offers alternatives so Regenerate
// (a new seed) gives different copy; {name}, {category} and {audience} are filled in by the writer.

export const OPENERS: Record<AiTone, string[]> = {
  concise: ['{name}.', 'The {name}, made for {audience}.', '{name}: straightforward and dependable.'],
  friendly: [
    'Meet the {name}, a favourite from {Category} range that simply gets on with the job.',
    'Say hello to the {name}: once you have it, you will wonder how you managed without.',
    'Looking for something that just works? The {name} is a favourite with {audience}.',
  ],
  technical: [
    'The {name} is engineered for consistent, measurable performance.',
    'Designed to a precise specification, the {name} delivers dependable results in daily use.',
    'The {name} combines a robust build with carefully chosen materials and tolerances.',
  ],
  luxury: [
    'Discover the {name}, crafted with uncommon care and finished to the highest standard.',
    'The {name} brings a quiet sense of luxury to every day.',
    'Refined, considered and beautifully made: this is the {name}.',
  ],
};

export const AUDIENCE_LINES: Record<AiAudience, string[]> = {
  retail: [
    'It is an easy choice for the home, with the quality you would expect to last for years.',
    'Thoughtfully made for everyday life, it is a pleasure to own and simple to look after.',
  ],
  trade: [
    'Built for the trade, it stands up to daily use on site and in the workshop.',
    'Trade customers can rely on it job after job, with consistent quality in every unit.',
  ],
  diy: [
    'Ideal for DIY projects, it helps you get a professional-looking finish at home.',
    'Whether you are tackling a weekend project or a full renovation, it makes the work easier.',
  ],
  pros: [
    'Professionals will appreciate the dependable performance and the attention to detail.',
    'Made for professionals who need kit that performs to a high standard every time.',
  ],
};

export const CLOSERS: Record<AiTone, string[]> = {
  concise: ['Order today.', 'In stock and ready to dispatch.', 'Simple to order, quick to arrive.'],
  friendly: ['Add it to your basket today and see the difference for yourself.', 'Order today and enjoy it sooner than you think.', 'We think you will love it.'],
  technical: ['Full specifications are listed below.', 'Check the specifications below to confirm it suits your application.', 'See the technical details below.'],
  luxury: ['A considered choice that will be treasured for years.', 'An investment in quality you will notice every day.', 'Indulge in something truly special.'],
};

export const AUDIENCE_NAMES: Record<AiAudience, string> = {
  retail: 'everyday shoppers',
  trade: 'trade customers',
  diy: 'DIY enthusiasts',
  pros: 'professionals',
};

export const AUDIENCE_BENEFITS: Record<AiAudience, string[]> = {
  retail: ['Easy to use and simple to look after', 'Great value for everyday use', 'A thoughtful gift for family and friends'],
  trade: ['Tough enough for daily use on site', 'Consistent quality, unit after unit', 'Saves time on every job'],
  diy: ['Helps you achieve a professional finish', 'Straightforward to use, even for beginners', 'Ideal for weekend projects'],
  pros: ['Dependable performance under heavy use', 'Precise results you can rely on', 'Designed with professional workflows in mind'],
};

export const SUBTITLES: Record<AiTone, string[]> = {
  concise: ['Made for {audience}', 'Reliable, no fuss', 'Quality you can count on'],
  friendly: ['Made to make life a little easier', 'Your new everyday favourite', 'Made to be enjoyed by {audience}'],
  technical: ['Precision-engineered for demanding work', 'Performance built to specification', 'Dependable results, every time'],
  luxury: ['Exquisitely made, beautifully finished', 'Refined design of lasting quality', 'Timeless craftsmanship'],
};

export const SEO_HOOKS: string[] = ['Buy online with fast UK delivery.', 'Order online today for quick UK delivery.', 'Shop now with free UK delivery over £100.'];

export const CATEGORY_OPENERS: string[] = [
  'Browse our {name} collection, chosen for quality and value.',
  'Explore our range of {name}, hand-picked to suit every need and budget.',
  'Discover {name} from trusted makers, all in one place.',
];

export const CATEGORY_CLOSERS: string[] = [
  'Every item is carefully selected, with fast UK delivery and easy returns.',
  'Find the right fit for your needs, with helpful details on every product page.',
  'Order online today and enjoy quick delivery across the UK.',
];
