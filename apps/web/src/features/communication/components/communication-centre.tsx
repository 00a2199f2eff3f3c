import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { commTexts as t } from '../messages';
import { ChannelTestTab } from './channel-test-tab';
import { ManualMessageTab } from './manual-message-tab';
import { ResultPanel, type CommResult } from './result-panel';
import { TemplatesTab } from './templates-tab';
import { WhatsAppTab } from './whatsapp-tab';

/** The communication centre's four tabs and the result panel below them (§2). */
export function CommunicationCentre() {
  const [result, setResult] = useState<CommResult | null>(null);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 py-4 sm:px-8">
      <Tabs defaultValue="manual" className="space-y-5">
        <TabsList aria-label={t.tabsLabel} className="flex-wrap">
          <TabsTrigger value="manual">{t.tabs.manual}</TabsTrigger>
          <TabsTrigger value="test">{t.tabs.test}</TabsTrigger>
          <TabsTrigger value="templates">{t.tabs.templates}</TabsTrigger>
          <TabsTrigger value="whatsapp">{t.tabs.whatsapp}</TabsTrigger>
        </TabsList>
        <TabsContent value="manual">
          <ManualMessageTab onResult={setResult} />
        </TabsContent>
        <TabsContent value="test">
          <ChannelTestTab onResult={setResult} />
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesTab />
        </TabsContent>
        <TabsContent value="whatsapp">
          <WhatsAppTab onResult={setResult} />
        </TabsContent>
      </Tabs>
      {result && <ResultPanel result={result} onClose={() => setResult(null)} />}
    </div>
  );
}
