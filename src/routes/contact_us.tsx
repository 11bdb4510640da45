import { createFileRoute } from '@tanstack/react-router';
import { informationRoute } from '../features/content/information-route.ts';

export const Route = createFileRoute('/contact_us')(informationRoute('contact_us'));
