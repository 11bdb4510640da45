import { createFileRoute } from '@tanstack/react-router';
import { informationRoute } from '../features/content/information-route.ts';

export const Route = createFileRoute('/ship_return_policy')(informationRoute('ship_return_policy'));
