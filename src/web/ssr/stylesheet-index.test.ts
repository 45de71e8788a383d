import { describe, expect, it } from 'vitest';
import { classesIn, rulesFor } from '@shared/stylesheet-rules';
import { indexStylesheet, requiredClasses } from './stylesheet-index';

describe('the classes a selector needs', () => {
  it('reads each class of the selector, unescaped as the markup spells it', () => {
    expect(requiredClasses('.flex')).toEqual(['flex']);
    expect(requiredClasses('.group .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
    expect(requiredClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(requiredClasses('.w-\\[5em\\]')).toEqual(['w-[5em]']);
    expect(requiredClasses('.\\[\\&\\>svg\\]\\:size-4>svg')).toEqual(['[&>svg]:size-4']);
    expect(requiredClasses('.hover\\:bg-zinc-100:hover')).toEqual(['hover:bg-zinc-100']);
  });

  it('leaves out classes inside brackets and parentheses, which are not simply required', () => {
    expect(requiredClasses('.space-y-2>:not(:last-child)')).toEqual(['space-y-2']);
    expect(requiredClasses('.x:not(.y)')).toEqual(['x']);
    expect(requiredClasses('a[href$=".pdf"].link')).toEqual(['link']);
    expect(requiredClasses('.x:is(.a, .b)')).toEqual(['x']);
    expect(requiredClasses(':where(.a,.b) .c')).toEqual(['c']);
  });

  it('counts the classes of an :is() or :where() of one selector', () => {
    expect(requiredClasses(':where(.space-y-4>:not(:last-child))')).toEqual(['space-y-4']);
    expect(requiredClasses('.group-hover\\:visible:is(:where(.group):hover *)')).toEqual(['group-hover:visible', 'group']);
  });

  it('needs nothing for a selector with no class', () => {
    expect(requiredClasses('*,:before')).toEqual([]);
    expect(requiredClasses(':root')).toEqual([]);
    expect(requiredClasses('html')).toEqual([]);
  });
});

const CSS =
  '@layer theme,base,utilities;@layer base{*{margin:0}:focus-visible{outline:2px solid}}' +
  '@layer utilities{.flex{display:flex}.hidden{display:none}.p-4,.m-4{padding:1rem}@media (width>=40rem){.sm\\:grid{display:grid}.sm\\:block{display:block}}' +
  '.space-y-2>:not(:last-child){margin-bottom:.5rem}}@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{rotate:1turn}}';

describe('the rules a page uses', () => {
  const index = indexStylesheet(CSS);

  it('keeps base styles, properties and keyframes, and only the utilities the markup names, in order', () => {
    const css = rulesFor(index, classesIn('<div class="flex sm:grid">x</div>'));
    expect(css).toBe(
      '@layer theme,base,utilities;@layer base{*{margin:0}:focus-visible{outline:2px solid}}' +
        '@layer utilities{.flex{display:flex}@media (width>=40rem){.sm\\:grid{display:grid}}}@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{rotate:1turn}}',
    );
  });

  it('keeps a rule when any one of its selectors applies, and drops an emptied block whole', () => {
    const css = rulesFor(index, classesIn('<p class="m-4 space-y-2"></p>'));
    expect(css).toContain('.p-4,.m-4{padding:1rem}');
    expect(css).toContain('.space-y-2>:not(:last-child)');
    expect(css).not.toContain('@media');
    expect(css).not.toContain('.flex');
  });

  it('keeps everything when the markup uses every class: the whole stylesheet, byte for byte', () => {
    const all = classesIn('<i class="flex hidden p-4 sm:grid sm:block space-y-2"></i>');
    expect(rulesFor(index, all)).toBe(CSS);
  });

  it('reads class attributes as the browser does, entities decoded', () => {
    expect([...classesIn('<a class="[&amp;&gt;svg]:size-4  x" href="/"></a><b class=""></b>')]).toEqual(['[&>svg]:size-4', 'x']);
  });
});
