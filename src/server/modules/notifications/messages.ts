import { renderPushText, type PushMessage } from '../../../shared/push';
import type { TemplateRow } from './templates-repo';

/** A template filled in: title and body as text, the link with its values URL-encoded. */
export function renderMessage(template: Pick<TemplateRow, 'title' | 'body' | 'icon' | 'url'>, vars: Record<string, string>, tag: string): PushMessage {
  return {
    title: renderPushText(template.title, vars).slice(0, 200),
    body: renderPushText(template.body, vars).slice(0, 1000),
    icon: template.icon ? renderPushText(template.icon, vars, true) : null,
    url: template.url ? renderPushText(template.url, vars, true) : null,
    tag,
  };
}
