import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import type { QuestionAnswer } from '../lib/use-list';

interface FaqAccordionProps {
  /** Prefix of the item values; unique on the page. */
  group: string;
  items: readonly QuestionAnswer[];
  /** The open item of the whole page ('' for none); lets several groups keep one item open. */
  openItem: string;
  onOpenItemChange: (value: string) => void;
}

export function FaqAccordion({ group, items, openItem, onOpenItemChange }: FaqAccordionProps) {
  const value = openItem.startsWith(`${group}:`) ? openItem : '';
  return (
    <Accordion
      value={value}
      onValueChange={(next) => {
        // Closing this group's item must not close another group's open item.
        if (next || value) onOpenItemChange(next);
      }}
    >
      {items.map((item, index) => (
        <AccordionItem key={item.question} value={`${group}:${index}`}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent className="text-base leading-relaxed">{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
