// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_ERRORS } from '@shared/admin-products';
import { renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { emptyEssentials, publishPayload, reviewFrom, type Review } from './product-wizard-state';
import { WizardReviewStep } from './WizardReviewStep';

const essentials = { ...emptyEssentials(), name: 'Oak Board', sku: 'OAK-1', price: '35.50', seed: 'Solid oak.' };

function Step({ onPublish }: { onPublish: (review: Review) => void }) {
  const [value, setValue] = useState(reviewFrom(essentials, null));
  return <WizardReviewStep value={value} essentials={essentials} onChange={setValue} publishing={false} error={null} onBack={() => undefined} onPublish={onPublish} />;
}

describe('product wizard, step 3 (productBody, the route schema)', () => {
  let view: Rendered;
  afterEach(() => view.unmount());

  it("shows the schema's messages for a missing name and SKU and a bad price, and does not publish", async () => {
    const publish = vi.fn();
    view = await renderForm(<Step onPublish={publish} />);
    await typeInto(view.field('Product name'), ' ');
    await typeInto(view.field('SKU'), '');
    await typeInto(view.field('Price (£)'), '-2');
    await submit(view.container.querySelector('form')!);
    expect(view.errors()).toEqual([PRODUCT_ERRORS.name, PRODUCT_ERRORS.sku, PRODUCT_ERRORS.basePrice]);
    expect(publish).not.toHaveBeenCalled();
  });

  it('publishes a valid review, whose body the schema accepts', async () => {
    const publish = vi.fn();
    view = await renderForm(<Step onPublish={publish} />);
    await typeInto(view.field('Price (£)'), '£1,299.99');
    await submit(view.container.querySelector('form')!);
    expect(view.errors()).toEqual([]);
    expect(publish).toHaveBeenCalledOnce();
    expect(publishPayload(publish.mock.calls[0][0], essentials)).toMatchObject({ name: 'Oak Board', sku: 'OAK-1', slug: 'oak-board', base_price: 1299.99, status: 'active' });
  });
});
