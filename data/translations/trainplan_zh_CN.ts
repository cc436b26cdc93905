<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Assumption</name>
    <message>
        <source>%1 elements</source>
        <translation>%1 个元素</translation>
    </message>
    <message>
        <source>%1 SMs</source>
        <translation>%1 个 SM</translation>
    </message>
    <message>
        <source>%1 parameters/s</source>
        <translation>每秒 %1 个参数</translation>
    </message>
</context>
<context>
    <name>ChartExport</name>
    <message>
        <source>%1: the resolution must be positive, not %2 dpi</source>
        <translation>%1：分辨率必须为正数，而不是 %2 dpi</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>PNG encoding failed</source>
        <translation>PNG 编码失败</translation>
    </message>
    <message>
        <source>Copy chart</source>
        <translation>复制图表</translation>
    </message>
    <message>
        <source>Copies the chart as an image at twice the screen&apos;s resolution.</source>
        <translation>以屏幕两倍分辨率将图表复制为图片。</translation>
    </message>
    <message>
        <source>Save chart as PNG…</source>
        <translation>将图表另存为 PNG…</translation>
    </message>
    <message>
        <source>%1 dpi</source>
        <translation>%1 dpi</translation>
    </message>
    <message>
        <source>Save chart as PNG</source>
        <translation>将图表另存为 PNG</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Save chart as SVG…</source>
        <translation>将图表另存为 SVG…</translation>
    </message>
    <message>
        <source>Save chart as SVG</source>
        <translation>将图表另存为 SVG</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图片 (*.svg)</translation>
    </message>
</context>
<context>
    <name>ClusterSection</name>
    <message>
        <source>%1 (custom)</source>
        <translation>%1（自定义）</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>TrainPlan: capacity planner for distributed LLM training.</source>
        <translation>TrainPlan：分布式大模型训练容量规划工具。</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示本帮助。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本号并退出。</translation>
    </message>
    <message>
        <source>Interface language: zh_CN or en.</source>
        <translation>界面语言：zh_CN 或 en。</translation>
    </message>
    <message>
        <source>A trainplan.scenario.v1 JSON file to open.</source>
        <translation>要打开的 trainplan.scenario.v1 JSON 文件。</translation>
    </message>
    <message>
        <source>--lang: &apos;%1&apos; is not one of zh_CN, en</source>
        <translation>--lang：“%1”不是 zh_CN 或 en 之一</translation>
    </message>
    <message>
        <source>expected at most one scenario file, got %1</source>
        <translation>最多只能指定一个场景文件，实际给出了 %1 个</translation>
    </message>
    <message>
        <source>Library database file (default: $TRAINPLAN_DB, else $XDG_DATA_HOME/trainplan/trainplan.db).</source>
        <translation>场景库数据库文件（默认：$TRAINPLAN_DB，否则 $XDG_DATA_HOME/trainplan/trainplan.db）。</translation>
    </message>
    <message>
        <source>--db: the path is empty</source>
        <translation>--db：路径为空</translation>
    </message>
    <message>
        <source>Tab to show first: compare, explore, roadmap, timeline (the roadmap&apos;s calendar), sizing, accuracy, calibration or measurements.</source>
        <translation>首先显示的页面：compare、explore、roadmap、timeline（路线图的时间线）、sizing、accuracy、calibration 或 measurements。</translation>
    </message>
    <message>
        <source>--tab: &apos;%1&apos; is not one of compare, explore, roadmap, timeline, sizing, accuracy, calibration, measurements</source>
        <translation>--tab：“%1”不是 compare、explore、roadmap、timeline、sizing、accuracy、calibration、measurements 之一</translation>
    </message>
</context>
<context>
    <name>CompareRow</name>
    <message>
        <source>Pinned %1 · %2</source>
        <translation>固定方案 %1 · %2</translation>
    </message>
    <message>
        <source>%1 (no fit)</source>
        <translation>%1（放不下）</translation>
    </message>
    <message>
        <source>%1 (none)</source>
        <translation>%1（无方案）</translation>
    </message>
    <message>
        <source>Pin %1</source>
        <translation>固定 %1</translation>
    </message>
    <message>
        <source>Nothing fits: the plan with the least memory needs %1 more than the GPU offers.</source>
        <translation>没有能放下的方案：显存占用最小的方案仍比 GPU 显存多需要 %1。</translation>
    </message>
</context>
<context>
    <name>DerivationTerm</name>
    <message>
        <source>%1 PFLOP</source>
        <translation>%1 PFLOP</translation>
    </message>
    <message>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU 时</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 参数</translation>
    </message>
    <message>
        <source>%1 TB/s</source>
        <translation>%1 TB/s</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>100M tokens/s</source>
        <translation>亿 token/秒</translation>
    </message>
    <message>
        <source>10k tokens/s</source>
        <translation>万 token/秒</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>M tokens/s</source>
        <translation>百万 token/秒</translation>
    </message>
    <message>
        <source>k tokens/s</source>
        <translation>千 token/秒</translation>
    </message>
    <message>
        <source>no GPU price</source>
        <translation>无 GPU 单价</translation>
    </message>
</context>
<context>
    <name>PlanScatterChart</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;step %3, %4 per GPU, MFU %5%6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;单步 %3，每卡 %4，MFU %5%6</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;does not fit&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;放不下&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::BreakPointsChart</name>
    <message>
        <source>Break points: best MFU by model size</source>
        <translation>临界点：不同模型规模下的最佳 MFU</translation>
    </message>
    <message>
        <source>The scenario&apos;s model scaled in width and depth together (the advisor&apos;s model family); each framework&apos;s best MFU on this cluster. A ring marks the largest model a framework fits; the shaded band starts at the next size, which no longer fits in GPU memory.</source>
        <translation>将场景模型的宽度和深度同步缩放（顾问使用的模型族）；各框架在此集群上的最佳 MFU。圆环标出框架能容纳的最大模型；阴影带从下一个规模开始，该规模已无法装入 GPU 显存。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>Model parameters (billions)</source>
        <translation>模型参数量（十亿）</translation>
    </message>
    <message>
        <source>Best MFU (%)</source>
        <translation>最佳 MFU（%）</translation>
    </message>
    <message>
        <source>%1 does not fit</source>
        <translation>%1 放不下</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, %2&lt;br&gt;%3&lt;br&gt;MFU %4, step %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，%2&lt;br&gt;%3&lt;br&gt;MFU %4，步时间 %5</translation>
    </message>
    <message>
        <source>%1 largest that fits</source>
        <translation>%1 可容纳的最大模型</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: largest model that fits, %2&lt;br&gt;%3&lt;br&gt;MFU %4; %5 no longer fits</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：可容纳的最大模型 %2&lt;br&gt;%3&lt;br&gt;MFU %4；%5 已放不下</translation>
    </message>
    <message>
        <source>This model</source>
        <translation>当前模型</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CalibrationView</name>
    <message>
        <source>Fit</source>
        <translation>拟合</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>训练数据</translation>
    </message>
    <message>
        <source>Save as profile…</source>
        <translation>另存为配置…</translation>
    </message>
    <message>
        <source>Use profile for this scenario</source>
        <translation>本场景使用的配置</translation>
    </message>
    <message>
        <source>Save as calibration profile</source>
        <translation>另存为校准配置</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ClusterSection</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Nodes × GPUs per node.</source>
        <translation>节点数 × 每节点 GPU 数。</translation>
    </message>
    <message>
        <source>Total GPUs</source>
        <translation>GPU 总数</translation>
    </message>
    <message>
        <source>intra-node link</source>
        <translation>节点内链路</translation>
    </message>
    <message>
        <source>inter-node network</source>
        <translation>节点间网络</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡数</translation>
    </message>
    <message>
        <source>oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <source>default (6 per GPU)</source>
        <translation>默认（每 GPU 6 核）</translation>
    </message>
    <message>
        <source>host CPU cores per node</source>
        <translation>每节点主机 CPU 核数</translation>
    </message>
    <message>
        <source>price per GPU-hour</source>
        <translation>每 GPU 时单价</translation>
    </message>
    <message>
        <source>%1 HBM at %2 · BF16 %3</source>
        <translation>%1 HBM，带宽 %2 · BF16 %3</translation>
    </message>
    <message>
        <source> · FP8 %1</source>
        <translation> · FP8 %1</translation>
    </message>
    <message>
        <source> · %1 W</source>
        <translation> · %1 W</translation>
    </message>
    <message>
        <source>%1 · %2 (%3) per direction · %4 µs</source>
        <translation>%1 · 单向 %2（%3）· %4 微秒</translation>
    </message>
    <message>
        <source>GPU&apos;s price</source>
        <translation>GPU 价格</translation>
    </message>
    <message>
        <source>Costs use $%1/GPU-h, the price typed above.</source>
        <translation>成本按上面输入的价格 $%1/GPU 时计算。</translation>
    </message>
    <message>
        <source>Costs use the GPU&apos;s price: %1</source>
        <translation>成本按该 GPU 的价格计算：%1</translation>
    </message>
    <message>
        <source>⚠ No price for %1: costs are not computed. Type a price per GPU-hour.</source>
        <translation>⚠ %1 没有价格：不计算成本。请输入每 GPU 时价格。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CommunicationChart</name>
    <message>
        <source>Communication per GPU per step, by group</source>
        <translation>每卡每步通信量（按并行组）</translation>
    </message>
    <message>
        <source>Communication per GPU per step, by tier</source>
        <translation>每卡每步通信量（按网络层级）</translation>
    </message>
    <message>
        <source>No plan to show</source>
        <translation>没有可显示的方案</translation>
    </message>
    <message>
        <source>%1 sent per GPU per step</source>
        <translation>每卡每步发送量（%1）</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CompareTab</name>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>The estimate failed: %1</source>
        <translation>估算失败：%1</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 — %4 plans searched in %5</source>
        <translation>%1，%2 × %3 — 用时 %5 搜索了 %4 个方案</translation>
    </message>
    <message>
        <source>The scenario has problems (see the editor); results resume once they are fixed.</source>
        <translation>场景存在问题（见编辑器）；修正后结果会恢复更新。</translation>
    </message>
    <message>
        <source>Click a row to see its plan, the runner-up plans and the knobs of pinned plans; double-click a number to see how it is derived.</source>
        <translation>单击一行查看其方案、候补方案以及固定方案的参数；双击某个数字查看它的推导过程。</translation>
    </message>
    <message>
        <source>All plans</source>
        <translation>所有方案</translation>
    </message>
    <message>
        <source>Memory, step time and communication of every row of the table.</source>
        <translation>表格中每一行的显存、步时间与通信量。</translation>
    </message>
    <message>
        <source>Selected plan: memory</source>
        <translation>所选方案：显存</translation>
    </message>
    <message>
        <source>Memory of the selected row&apos;s plan per pipeline stage and over one training step.</source>
        <translation>所选行方案在各流水线阶段及一个训练步内的显存。</translation>
    </message>
    <message>
        <source>Show derivation…</source>
        <translation>显示推导…</translation>
    </message>
    <message>
        <source>%1 — %2: how “%3” is derived</source>
        <translation>%1 — %2：“%3”是如何推导的</translation>
    </message>
    <message>
        <source>Select a row with a plan</source>
        <translation>请选择一行有方案的记录</translation>
    </message>
    <message>
        <source> — %1</source>
        <translation> — %1</translation>
    </message>
    <message>
        <source>%1 (index %2)</source>
        <translation>%1（第 %2 级）</translation>
    </message>
    <message>
        <source>The advisor&apos;s recommendation weighs speed against the prerequisites the team and platform still miss (Roadmap tab); the fastest plan is not always the answer.</source>
        <translation>顾问的推荐会在速度与团队和平台仍缺少的前提条件之间权衡（见路线图页）；最快的方案不一定就是答案。</translation>
    </message>
    <message>
        <source>&lt;b&gt;★ Recommended: %1&lt;/b&gt; with %2 — the advisor&apos;s answer for this team and platform (reasons in the Roadmap tab).</source>
        <translation>&lt;b&gt;★ 推荐：%1&lt;/b&gt;，方案 %2 — 顾问针对当前团队和平台给出的答案（原因见路线图页）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;★ Nothing fits; closest: %1&lt;/b&gt; with %2 (reasons in the Roadmap tab).</source>
        <translation>&lt;b&gt;★ 没有方案放得下；最接近：%1&lt;/b&gt;，方案 %2（原因见路线图页）。</translation>
    </message>
    <message>
        <source>⚠ The scenario has no GPU price: costs are not shown (set the price per GPU-hour in the editor&apos;s Cluster section).</source>
        <translation>⚠ 场景没有 GPU 单价：不显示成本（请在编辑器的“集群”部分设置每 GPU 小时的价格）。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CompareTableModel</name>
    <message>
        <source>%1–%2 (%3)</source>
        <translation>%1–%2（%3）</translation>
    </message>
    <message>
        <source>extrapolated</source>
        <translation>外推</translation>
    </message>
    <message>
        <source>partly validated</source>
        <translation>部分验证</translation>
    </message>
    <message>
        <source>validated</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>%1 plans evaluated, %2 fit.</source>
        <translation>评估了 %1 个方案，其中 %2 个放得下。</translation>
    </message>
    <message>
        <source>no valid plan</source>
        <translation>没有有效方案</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 interruptions per day; checkpoint every %2 (%3 stall each); expected time to train %4.</source>
        <translation>每天 %1 次中断；每 %2 保存一次检查点（每次停顿 %3）；期望训练时间 %4。</translation>
    </message>
    <message>
        <source>★ The advisor&apos;s recommendation (Roadmap tab).</source>
        <translation>★ 顾问的推荐（见路线图页）。</translation>
    </message>
    <message>
        <source>★ %1</source>
        <translation>★ %1</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ConfigFiles</name>
    <message>
        <source>&amp;Import configs…</source>
        <translation>导入配置(&amp;I)…</translation>
    </message>
    <message>
        <source>Build a scenario from Hugging Face config.json, DeepSpeed ds_config.json, Megatron-LM, torchrun or Slurm scripts (or drop the files on the window)</source>
        <translation>从 Hugging Face config.json、DeepSpeed ds_config.json、Megatron-LM、torchrun 或 Slurm 脚本生成场景（也可以把文件拖到窗口上）</translation>
    </message>
    <message>
        <source>E&amp;xport launch files…</source>
        <translation>导出启动文件(&amp;X)…</translation>
    </message>
    <message>
        <source>Write ds_config.json, megatron_args.sh, torchrun.sh and job.sbatch for the plan selected in the Compare tab</source>
        <translation>为“对比”页中选中的方案写出 ds_config.json、megatron_args.sh、torchrun.sh 和 job.sbatch</translation>
    </message>
    <message>
        <source>Import configs</source>
        <translation>导入配置</translation>
    </message>
    <message>
        <source>These files do not make a scenario:

%1</source>
        <translation>这些文件无法组成一个场景：

%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Imported %1 into a new, unsaved scenario.</source>
        <translation>已将 %1 导入为一个新的、尚未保存的场景。</translation>
    </message>
    <message>
        <source>Export launch files</source>
        <translation>导出启动文件</translation>
    </message>
    <message>
        <source>Select a framework&apos;s plan in the Compare tab first (the selected row has no plan).</source>
        <translation>请先在“对比”页中选择一个框架的方案（当前选中的行没有方案）。</translation>
    </message>
    <message>
        <source>Could not write the launch files: %1</source>
        <translation>无法写出启动文件：%1</translation>
    </message>
    <message>
        <source>Wrote the launch files of %1:
%2</source>
        <translation>已写出方案 %1 的启动文件：
%2</translation>
    </message>
    <message>
        <source>Import framework configs</source>
        <translation>导入框架配置</translation>
    </message>
    <message>
        <source>Configs and launch scripts (*.json *.sh *.sbatch *.slurm *.txt);;All files (*)</source>
        <translation>配置与启动脚本 (*.json *.sh *.sbatch *.slurm *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export launch files into</source>
        <translation>将启动文件导出到</translation>
    </message>
    <message>
        <source>The plan %1 does not fit: it needs %2 per GPU of the %3 the GPU has, so its launch files would run out of memory.</source>
        <translation>方案 %1 放不下：每 GPU 需要 %2，而 GPU 只有 %3，按这些启动文件运行会显存不足。</translation>
    </message>
    <message>
        <source>Write its launch files anyway?</source>
        <translation>仍然写出它的启动文件吗？</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ConstraintsSection</name>
    <message>
        <source>Constraints</source>
        <translation>约束</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>maximum GPUs</source>
        <translation>最大 GPU 数</translation>
    </message>
    <message>
        <source>memory headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Let the search use %1. With every box ticked (or none) all four are considered.</source>
        <translation>允许搜索使用 %1。全部勾选（或全不勾选）时四种框架都会考虑。</translation>
    </message>
    <message>
        <source>Frameworks</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <source>The budget&apos;s currency. CNY converts at the library&apos;s exchange rate (trainplan-cli price rate).</source>
        <translation>预算的货币。人民币按场景库中的汇率换算（trainplan-cli price rate）。</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>budget currency</source>
        <translation>预算货币</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CrossoverChart</name>
    <message>
        <source>Best MFU by model size</source>
        <translation>不同模型规模下的最佳 MFU</translation>
    </message>
    <message>
        <source>The scenario&apos;s model scaled in depth and width; each framework&apos;s best MFU on this cluster. A shaded band starts where the framework no longer fits in GPU memory.</source>
        <translation>按深度和宽度缩放场景中的模型，显示各框架在此集群上的最佳 MFU。阴影区从该框架放不进 GPU 显存的规模开始。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>没有结果</translation>
    </message>
    <message>
        <source>No framework fits at any model size</source>
        <translation>任何模型规模下都没有框架放得下</translation>
    </message>
    <message>
        <source>Model parameters (billions)</source>
        <translation>模型参数量（十亿）</translation>
    </message>
    <message>
        <source>Best MFU (%)</source>
        <translation>最佳 MFU（%）</translation>
    </message>
    <message>
        <source>%1 does not fit</source>
        <translation>%1 放不下</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, %2&lt;br&gt;%3&lt;br&gt;MFU %4, step %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，%2&lt;br&gt;%3&lt;br&gt;MFU %4，单步 %5</translation>
    </message>
    <message>
        <source>This model</source>
        <translation>当前模型</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::DerivationDialog</name>
    <message>
        <source>Derivation</source>
        <translation>推导</translation>
    </message>
    <message>
        <source>Each term is the sum of the terms below it; hover a row for its formula, inputs and source.</source>
        <translation>每一项等于其下各项之和；将鼠标悬停在某行上可查看公式、输入与来源。</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Collapse all</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>取值</translation>
    </message>
    <message>
        <source>Set by</source>
        <translation>设定方</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>The scenario does not set this; TrainPlan used its default.</source>
        <translation>场景未设置此项；TrainPlan 使用了默认值。</translation>
    </message>
    <message>
        <source>Taken from the scenario.</source>
        <translation>取自场景。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::DerivationTreeModel</name>
    <message>
        <source>Inputs: %1</source>
        <translation>输入：%1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message numerus="yes">
        <source>The sum of the %n term(s) below.</source>
        <translation>
            <numerusform>下面 %n 项之和。</numerusform>
        </translation>
    </message>
    <message>
        <source>Term</source>
        <translation>项</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>取值</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ExploreTab</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Best plan per framework under these assumptions</source>
        <translation>在这些假设下各框架的最佳方案</translation>
    </message>
    <message>
        <source>Hover a cell for the plan and how the figure is computed.</source>
        <translation>将鼠标悬停在单元格上可查看方案及数值的计算方式。</translation>
    </message>
    <message>
        <source>Sweeps %p%</source>
        <translation>扫描 %p%</translation>
    </message>
    <message>
        <source>The scaling and crossover charts need one full plan search per point.</source>
        <translation>扩展曲线和交叉图的每个点都需要一次完整的方案搜索。</translation>
    </message>
    <message>
        <source>Stop the sweeps (Esc); the charts keep their last complete results.</source>
        <translation>停止扫描（Esc）；图表保留上一次完整的结果。</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message>
        <source>%1 plans evaluated in %2; %3 on the Pareto front.</source>
        <translation>用时 %2 评估了 %1 个方案；帕累托前沿上有 %3 个。</translation>
    </message>
    <message>
        <source>The sweep failed: %1</source>
        <translation>扫描失败：%1</translation>
    </message>
    <message>
        <source>Sweeps cancelled; the scaling and crossover charts show the last complete results.</source>
        <translation>扫描已取消；扩展曲线和交叉图显示上一次完整的结果。</translation>
    </message>
    <message>
        <source>Solid: tokens/s · dashed: MFU · dotted: this cluster / model · shaded: no longer fits</source>
        <translation>实线：token/秒 · 虚线：MFU · 点线：当前集群/模型 · 阴影：放不下</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Back to the values of the edited scenario.</source>
        <translation>恢复为当前编辑场景中的取值。</translation>
    </message>
    <message>
        <source>&lt;b&gt;What-if active&lt;/b&gt; — these results are not the scenario&apos;s: %1</source>
        <translation>&lt;b&gt;假设分析生效中&lt;/b&gt; — 这些结果不是场景本身的：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>No valid plan — %1</source>
        <translation>没有合法方案 — %1</translation>
    </message>
    <message>
        <source>The best plan per framework under these assumptions. Click a bar for its derivation.</source>
        <translation>这些假设下各框架的最佳方案。点击条形可查看其推导。</translation>
    </message>
    <message>
        <source>%1 — %2 (what-if): how “%3” is derived</source>
        <translation>%1 — %2（假设分析）：“%3”如何推导</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ExportReportDialog</name>
    <message>
        <source>Review deck (16:9 slides) instead of the report</source>
        <translation>评审幻灯片（16:9）而非报告</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF (A4 report, or the review deck)</source>
        <translation>PDF（A4 报告或评审幻灯片）</translation>
    </message>
    <message>
        <source>HTML (one self-contained file)</source>
        <translation>HTML（单个自包含文件）</translation>
    </message>
    <message>
        <source>Markdown (charts as PNG/SVG beside it)</source>
        <translation>Markdown（图表以 PNG/SVG 存于旁边）</translation>
    </message>
    <message>
        <source>CSV (comparison and sweep tables)</source>
        <translation>CSV（对比表与扫描表）</translation>
    </message>
    <message>
        <source>JSON (trainplan.estimate.v1 with the advice)</source>
        <translation>JSON（trainplan.estimate.v1 及建议）</translation>
    </message>
    <message>
        <source>The format of the written file; the same numbers in each.</source>
        <translation>写出文件的格式；各格式中的数字相同。</translation>
    </message>
    <message>
        <source>Ten 16:9 slides for an architecture review: the question, the recommendation, the comparison, three charts, the roadmap, risks and assumptions.</source>
        <translation>用于架构评审的十页 16:9 幻灯片：问题、推荐方案、对比、三张图表、迁移路线、风险与假设。</translation>
    </message>
    <message>
        <source>Language of the report&apos;s text, charts and the advisor&apos;s sentences.</source>
        <translation>报告正文、图表和顾问语句所用的语言。</translation>
    </message>
    <message>
        <source>The file to write; its suffix follows the format.</source>
        <translation>要写入的文件；其后缀随格式而定。</translation>
    </message>
    <message>
        <source>Reports the scenario as it is in the editor, unsaved edits included.</source>
        <translation>按编辑器中的场景生成报告，包括尚未保存的修改。</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Save to</source>
        <translation>保存到</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>HTML files (*.html *.htm)</source>
        <translation>HTML 文件 (*.html *.htm)</translation>
    </message>
    <message>
        <source>Markdown files (*.md *.markdown)</source>
        <translation>Markdown 文件 (*.md *.markdown)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export report to</source>
        <translation>导出报告到</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>choose a file to write to</source>
        <translation>请选择要写入的文件</translation>
    </message>
    <message>
        <source>the file name must end in .pdf, .html, .md, .csv or .json</source>
        <translation>文件名必须以 .pdf、.html、.md、.csv 或 .json 结尾</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>the folder %1 is not writable</source>
        <translation>文件夹 %1 不可写</translation>
    </message>
    <message>
        <source>the file exists and is read-only</source>
        <translation>文件已存在且为只读</translation>
    </message>
    <message>
        <source>the scenario has problems that block estimates; fix the fields marked in the editor first</source>
        <translation>场景存在阻止估算的问题；请先修正编辑器中标出的字段</translation>
    </message>
    <message>
        <source>Computing the report: search, advisor, sweeps…</source>
        <translation>正在计算报告：搜索、顾问、扫描…</translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>已取消；未写入任何文件。</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>the report writer gave no reason</source>
        <translation>报告写入器未给出原因</translation>
    </message>
    <message>
        <source>Computed in %1 s, written in %2 s.</source>
        <translation>计算用时 %1 秒，写入用时 %2 秒。</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>未写入：%1</translation>
    </message>
    <message>
        <source>The report could not be written to %1:

%2</source>
        <translation>无法将报告写入 %1：

%2</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n page(s)).</source>
        <translation>
            <numerusform>已写入 %1（%n 页）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message numerus="yes">
        <source>And %n more file(s) beside it.</source>
        <translation>
            <numerusform>另有 %n 个文件在其旁边。</numerusform>
        </translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Reports the scenario as it is in the editor, unsaved edits included, side by side with: %1.</source>
        <translation>报告编辑器中的当前场景（含未保存的修改），并与以下场景并列对比：%1。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::FieldBinder</name>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::LibraryHistoryDialog</name>
    <message>
        <source>History of “%1”</source>
        <translation>“%1”的历史</translation>
    </message>
    <message>
        <source>Every save is kept. Restoring a version saves it again as the newest; nothing is lost.</source>
        <translation>每次保存都会保留。恢复某个版本会把它再次保存为最新版本；不会丢失任何内容。</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>保存时间</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>%1 (current)</source>
        <translation>%1（当前）</translation>
    </message>
    <message>
        <source>Open this version</source>
        <translation>打开此版本</translation>
    </message>
    <message>
        <source>Restore as newest</source>
        <translation>恢复为最新版本</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::LibrarySaveDialog</name>
    <message>
        <source>Save to library</source>
        <translation>保存到场景库</translation>
    </message>
    <message>
        <source>comma-separated, e.g. 70b, h100, review</source>
        <translation>以逗号分隔，例如 70b, h100, review</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <source>Enter a name.</source>
        <translation>请输入名称。</translation>
    </message>
    <message>
        <source>“%1” is in the library: this save adds a new version; the earlier ones stay in its history.</source>
        <translation>“%1”已在场景库中：本次保存将新增一个版本，之前的版本保留在其历史中。</translation>
    </message>
    <message>
        <source>A new scenario in %1.</source>
        <translation>在 %1 中新建场景。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::LibraryStore</name>
    <message>
        <source>The library was upgraded to schema version %1; the previous file was copied to %2.</source>
        <translation>场景库已升级到结构版本 %1；原文件已复制到 %2。</translation>
    </message>
    <message>
        <source>no library database is open</source>
        <translation>未打开场景库数据库</translation>
    </message>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
    <message>
        <source>%1: cannot open (%2)</source>
        <translation>%1：无法打开（%2）</translation>
    </message>
    <message>
        <source>%1: not a library file (%2)</source>
        <translation>%1：不是场景库文件（%2）</translation>
    </message>
    <message>
        <source>The library is not available.</source>
        <translation>场景库不可用。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::MainWindow</name>
    <message>
        <source>Scenario editor</source>
        <translation>场景编辑器</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Best plan per framework for the edited scenario (Ctrl+1).</source>
        <translation>当前场景下各框架的最佳方案（Ctrl+1）。</translation>
    </message>
    <message>
        <source>Explore</source>
        <translation>探索</translation>
    </message>
    <message>
        <source>What-if knobs, scaling, crossover and plan-space charts (Ctrl+2).</source>
        <translation>假设分析、扩展曲线、交叉图和方案空间图（Ctrl+2）。</translation>
    </message>
    <message>
        <source>Estimates run in the background; the window stays responsive.</source>
        <translation>估算在后台运行，窗口始终保持响应。</translation>
    </message>
    <message>
        <source>Time from the last edit&apos;s request to its results on screen.</source>
        <translation>从最近一次编辑发起计算到结果显示在屏幕上的时间。</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>The hardware and model catalog could not be loaded:
%1</source>
        <translation>无法加载硬件和模型目录：
%1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New scenario</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>E&amp;xplore</source>
        <translation>探索(&amp;X)</translation>
    </message>
    <message>
        <source>Focus the &amp;editor</source>
        <translation>转到编辑器(&amp;E)</translation>
    </message>
    <message>
        <source>Focus the &amp;library</source>
        <translation>转到场景库(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Recompute</source>
        <translation>重新计算(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About TrainPlan</source>
        <translation>关于 TrainPlan(&amp;A)</translation>
    </message>
    <message>
        <source>Recomputed in %1</source>
        <translation>重新计算用时 %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Pin plan %1</source>
        <translation>固定方案 %1</translation>
    </message>
    <message>
        <source>Pinned as fixed plan %1; edit its knobs in the editor or the Compare tab.</source>
        <translation>已固定为方案 %1；可在编辑器或“比较”页中调整其参数。</translation>
    </message>
    <message>
        <source>Unpin plan %1</source>
        <translation>取消固定方案 %1</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>%1 could not be opened:

%2</source>
        <translation>无法打开 %1：

%2</translation>
    </message>
    <message numerus="yes">
        <source>Opened with %n problem(s); see the editor.</source>
        <translation>
            <numerusform>已打开，但有 %n 个问题；请查看编辑器。</numerusform>
        </translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>场景文件 (*.json)</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save scenario as</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>“%1” has unsaved changes. Save them first?</source>
        <translation>“%1”有未保存的更改。要先保存吗？</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%1[*] — TrainPlan</source>
        <translation>%1[*] — TrainPlan</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>新建场景</translation>
    </message>
    <message>
        <source>Open a scenario file</source>
        <translation>打开场景文件</translation>
    </message>
    <message>
        <source>Undo the last edit</source>
        <translation>撤销上一次编辑</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Compare / Explore tab</source>
        <translation>“比较”/“探索”页</translation>
    </message>
    <message>
        <source>Focus the scenario editor</source>
        <translation>转到场景编辑器</translation>
    </message>
    <message>
        <source>Focus the scenario library</source>
        <translation>转到场景库</translation>
    </message>
    <message>
        <source>Pin the plan shown in the Compare details</source>
        <translation>固定“比较”详情中显示的方案</translation>
    </message>
    <message>
        <source>Recompute now</source>
        <translation>立即重新计算</translation>
    </message>
    <message>
        <source>Cancel the Explore sweeps</source>
        <translation>取消“探索”页的扫描</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>About TrainPlan</source>
        <translation>关于 TrainPlan</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TrainPlan %1&lt;/h3&gt;&lt;p&gt;Capacity planning for distributed LLM training: which framework and parallel layout to use for a model on a cluster, and what it costs.&lt;/p&gt;&lt;p&gt;Estimates come from an analytic simulator; every figure&apos;s tooltip names its formula and source.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TrainPlan %1&lt;/h3&gt;&lt;p&gt;分布式大模型训练的容量规划：给定模型和集群，应选用哪个框架和并行布局，以及需要多少成本。&lt;/p&gt;&lt;p&gt;估算来自解析模拟器；每个数值的提示都注明了其公式和出处。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Roadmap</source>
        <translation>路线图</translation>
    </message>
    <message>
        <source>The advisor&apos;s recommendation, the migration stages and the break points (Ctrl+3).</source>
        <translation>顾问的建议、迁移阶段和临界点（Ctrl+3）。</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确度</translation>
    </message>
    <message>
        <source>Save to &amp;library…</source>
        <translation>保存到场景库(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Road&amp;map</source>
        <translation>路线图(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Accuracy</source>
        <translation>准确度(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示(&amp;P)</translation>
    </message>
    <message>
        <source>The library is not available: %1</source>
        <translation>场景库不可用：%1</translation>
    </message>
    <message>
        <source>“%1” could not be opened:

%2</source>
        <translation>无法打开“%1”：

%2</translation>
    </message>
    <message>
        <source>Opened version %1 of “%2” from the library.</source>
        <translation>已从场景库打开“%2”的版本 %1。</translation>
    </message>
    <message>
        <source>Save to library</source>
        <translation>保存到场景库</translation>
    </message>
    <message>
        <source>Saved “%1” in the library.</source>
        <translation>已将“%1”保存到场景库。</translation>
    </message>
    <message>
        <source>Saved “%1” in the library as version %2.</source>
        <translation>已将“%1”保存到场景库，版本 %2。</translation>
    </message>
    <message>
        <source>Fix the fields marked in the editor before presenting.</source>
        <translation>演示前请先修正编辑器中标出的字段。</translation>
    </message>
    <message>
        <source>Save the scenario to the library</source>
        <translation>将场景保存到场景库</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>Show how a number in the Compare table is derived</source>
        <translation>显示对比表中某个数字的推导</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Calibratio&amp;n</source>
        <translation>校准(&amp;N)</translation>
    </message>
    <message>
        <source>Export the planning report</source>
        <translation>导出规划报告</translation>
    </message>
    <message>
        <source>Presentation mode (Esc leaves)</source>
        <translation>演示模式（Esc 退出）</translation>
    </message>
    <message>
        <source>Measurements</source>
        <translation>实测数据</translation>
    </message>
    <message>
        <source>Your measured runs in the library: add, import a CSV, delete.</source>
        <translation>库中您的实测运行：添加、导入 CSV、删除。</translation>
    </message>
    <message>
        <source>no library is open</source>
        <translation>未打开库</translation>
    </message>
    <message>
        <source>not in the library</source>
        <translation>不在库中</translation>
    </message>
    <message>
        <source>Mea&amp;surements</source>
        <translation>实测数据(&amp;S)</translation>
    </message>
    <message>
        <source>Sizing</source>
        <translation>规模测算</translation>
    </message>
    <message>
        <source>From a deadline and a budget to a cluster: GPU, count, network and plan (Ctrl+4).</source>
        <translation>由期限与预算得出集群：GPU 型号、数量、网络与方案（Ctrl+4）。</translation>
    </message>
    <message>
        <source>The simulator against published training runs (Ctrl+5).</source>
        <translation>模拟器与公开训练数据的对比（Ctrl+5）。</translation>
    </message>
    <message>
        <source>Fit the efficiency parameters to published runs, with uncertainty (Ctrl+6).</source>
        <translation>用公开训练数据拟合效率参数，并给出不确定度（Ctrl+6）。</translation>
    </message>
    <message>
        <source>S&amp;izing</source>
        <translation>规模测算(&amp;I)</translation>
    </message>
    <message>
        <source>Roadmap / Sizing tab</source>
        <translation>“路线图”/“规模测算”页</translation>
    </message>
    <message>
        <source>Accuracy / Calibration / Measurements tab</source>
        <translation>“准确度”/“校准”/“实测数据”页</translation>
    </message>
    <message>
        <source>&amp;Compare scenarios…</source>
        <translation>比较场景(&amp;C)…</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::MeasurementsView</name>
    <message>
        <source>Add run…</source>
        <translation>添加运行…</translation>
    </message>
    <message>
        <source>Import CSV…</source>
        <translation>导入 CSV…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Import measured runs</source>
        <translation>导入实测运行</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Add measured run</source>
        <translation>添加实测运行</translation>
    </message>
    <message>
        <source>seconds per step</source>
        <translation>每步秒数</translation>
    </message>
    <message>
        <source>tokens per second per GPU</source>
        <translation>每 GPU 每秒 token 数</translation>
    </message>
    <message>
        <source>GiB (optional)</source>
        <translation>GiB（可选）</translation>
    </message>
    <message>
        <source>entered in TrainPlan</source>
        <translation>在 TrainPlan 中录入</translation>
    </message>
    <message>
        <source>Import training log</source>
        <translation>导入训练日志</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Plan the job ran</source>
        <translation>作业运行的方案</translation>
    </message>
    <message>
        <source>Fit this cluster…</source>
        <translation>校准此集群…</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::MemoryChart</name>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>No plan to show</source>
        <translation>没有可显示的方案</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每卡 %1</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::MemoryPhaseChart</name>
    <message>
        <source>Memory over one step</source>
        <translation>一个训练步内的显存</translation>
    </message>
    <message>
        <source>What is allocated at each moment of a training step on the worst stage. Weights, optimizer states and buffers stay all step; activations build up in forward and are freed in backward while gradients appear; the peak is the fullest moment, not the sum of every component&apos;s maximum.</source>
        <translation>最差阶段在一个训练步各时刻已分配的显存。权重、优化器状态和缓冲区整步常驻；激活值在前向中累积、在反向中释放，同时梯度逐渐出现；峰值是最满的那个时刻，而不是各部分最大值之和。</translation>
    </message>
    <message>
        <source>%1 ◀ peak</source>
        <translation>%1 ◀ 峰值</translation>
    </message>
    <message>
        <source>%1 (%2 stage): %3 in use</source>
        <translation>%1（%2）：已用 %3</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每 GPU %1</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Peak on the %1 stage at %2: %3 = %4.</source>
        <translation>峰值出现在%1的%2：%3 = %4。</translation>
    </message>
    <message>
        <source>Gradients (%1 when complete) are not all allocated yet at that moment, so they do not add in full to the stored activations.</source>
        <translation>此时梯度（完整时为 %1）尚未全部分配，因此不会与保存的激活值完全叠加。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ModelSection</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Custom architecture</source>
        <translation>自定义结构</translation>
    </message>
    <message>
        <source>A model from the catalog (with its published architecture), or your own.</source>
        <translation>从目录中选择模型（使用其公开的结构），或自定义结构。</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>GELU (2 matrices)</source>
        <translation>GELU（2 个矩阵）</translation>
    </message>
    <message>
        <source>SwiGLU (3 matrices, gated)</source>
        <translation>SwiGLU（3 个矩阵，门控）</translation>
    </message>
    <message>
        <source>tied embeddings</source>
        <translation>嵌入共享</translation>
    </message>
    <message>
        <source> (%1 active per token)</source>
        <translation>（每个 token 激活 %1）</translation>
    </message>
    <message>
        <source>Embeddings %1, per layer: attention %2, FFN %3.</source>
        <translation>嵌入 %1；每层：注意力 %2，FFN %3。</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Grouped-query attention, %1 query heads per KV head</source>
        <translation>分组查询注意力，每个 KV 头对应 %1 个查询头</translation>
    </message>
    <message>
        <source>Multi-head attention</source>
        <translation>多头注意力</translation>
    </message>
    <message>
        <source>%1 of %2 layers windowed to %3 tokens</source>
        <translation>%2 层中有 %1 层使用 %3 token 的滑动窗口</translation>
    </message>
    <message>
        <source>none (full attention)</source>
        <translation>无（全注意力）</translation>
    </message>
    <message>
        <source>Multi-head latent attention
KV latent %1 · query latent %2
query·key %3 + %4 rotary · value %5 per head</source>
        <translation>多头潜在注意力
KV 潜在维度 %1 · 查询潜在维度 %2
每头查询·键 %3 + %4 旋转 · 值 %5</translation>
    </message>
    <message>
        <source>never: every layer windowed</source>
        <translation>从不：每层都用窗口</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanDetailsView</name>
    <message>
        <source>Pin this plan</source>
        <translation>固定此方案</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>Knobs of the pinned plan</source>
        <translation>固定方案的参数</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Adds this plan to the scenario&apos;s fixed plans so you can edit its knobs and keep it in reports.</source>
        <translation>将此方案加入场景的固定方案，便于调整其参数并保留在报告中。</translation>
    </message>
    <message>
        <source>Ranked plans of this framework</source>
        <translation>该框架的方案排名</translation>
    </message>
    <message>
        <source>The fastest plans that fit, best first; select one to see its figures.</source>
        <translation>放得下的最快方案，最佳者在前；选中一项可查看其指标。</translation>
    </message>
    <message>
        <source>Select a row of the table to see its plan.</source>
        <translation>在表格中选择一行以查看其方案。</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2</source>
        <translation>每卡显存：%1 / %2</translation>
    </message>
    <message numerus="yes">
        <source>Activations (%n micro-batch(es) in flight)</source>
        <translation>
            <numerusform>激活值（%n 个在途微批）</numerusform>
        </translation>
    </message>
    <message>
        <source>Step time: %1</source>
        <translation>单步时间：%1</translation>
    </message>
    <message>
        <source>  of which recompute</source>
        <translation>  其中重计算</translation>
    </message>
    <message>
        <source>Communication per GPU per step: %1</source>
        <translation>每卡每步通信量：%1</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1，用时 %2</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>整次训练</translation>
    </message>
    <message>
        <source>%1 MWh</source>
        <translation>%1 兆瓦时</translation>
    </message>
    <message>
        <source>Every plan listed has %1; the Plan column shows what differs (hover a row for the whole plan).</source>
        <translation>列出的每个方案都包含 %1；“方案”列只显示彼此不同的部分（悬停某行可查看完整方案）。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanKnobsEditor</name>
    <message>
        <source>framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>0 — replicated</source>
        <translation>0 — 全量复制</translation>
    </message>
    <message>
        <source>1 — optimizer states sharded</source>
        <translation>1 — 切分优化器状态</translation>
    </message>
    <message>
        <source>2 — + gradients sharded</source>
        <translation>2 — 再切分梯度</translation>
    </message>
    <message>
        <source>3 — + parameters sharded</source>
        <translation>3 — 再切分参数</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective (attention)</source>
        <translation>选择性（注意力）</translation>
    </message>
    <message>
        <source>Full (whole layers)</source>
        <translation>完全（整层）</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>every layer</source>
        <translation>每一层</translation>
    </message>
    <message>
        <source>recomputed layers per chunk</source>
        <translation>每分块重计算层数</translation>
    </message>
    <message>
        <source>core_attn (Megatron&apos;s default)</source>
        <translation>core_attn（Megatron 默认）</translation>
    </message>
    <message>
        <source>recomputed modules</source>
        <translation>重计算模块</translation>
    </message>
    <message>
        <source>same as TP</source>
        <translation>与 TP 相同</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanListModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Rank by step time among the plans that fit.</source>
        <translation>在放得下的方案中按单步时间排名。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanScatterChart</name>
    <message>
        <source>Plan space: step time vs memory</source>
        <translation>方案空间：单步时间与显存</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>No valid plan on this cluster</source>
        <translation>此集群上没有有效方案</translation>
    </message>
    <message>
        <source>No plan fits in GPU memory</source>
        <translation>没有方案能放进 GPU 显存</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>单步时间（秒）</translation>
    </message>
    <message>
        <source>Peak memory per GPU (%1)</source>
        <translation>每卡峰值显存（%1）</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Every plan the search evaluated (sampled when there are many). The staircase line is the Pareto front: no other plan is both faster and needs less memory.</source>
        <translation>搜索评估过的每个方案（数量很多时抽样显示）。阶梯线是帕累托前沿：没有其他方案能同时更快且更省显存。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlannerController</name>
    <message>
        <source>no library is open</source>
        <translation>未打开库</translation>
    </message>
    <message>
        <source>calibration profile “%1”</source>
        <translation>校准配置“%1”</translation>
    </message>
    <message>
        <source>calibration profile “%1”, partly applied: %2</source>
        <translation>校准配置“%1”，部分应用：%2</translation>
    </message>
    <message>
        <source>calibration profile “%1” not applied (%2): default efficiency</source>
        <translation>校准配置“%1”未应用（%2）：使用默认效率</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlansSection</name>
    <message>
        <source>Fixed plans (optional)</source>
        <translation>固定方案（可选）</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Plans you want estimated beside the search&apos;s best ones. Pin one from the Compare tab or add one here.</source>
        <translation>希望与搜索出的最佳方案一并估算的方案。可在“比较”页固定，或在此添加。</translation>
    </message>
    <message>
        <source>Add plan</source>
        <translation>添加方案</translation>
    </message>
    <message>
        <source>Adds a plain data-parallel plan over every GPU, ready to edit.</source>
        <translation>添加一个覆盖全部 GPU 的纯数据并行方案，供进一步编辑。</translation>
    </message>
    <message>
        <source>%1. %2  %3</source>
        <translation>%1. %2  %3</translation>
    </message>
    <message>
        <source>Remove plan %1</source>
        <translation>删除方案 %1</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PresentationWindow</name>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>← → PgUp PgDn Space: move · Esc: leave</source>
        <translation>← → PgUp PgDn 空格：翻页 · Esc：退出</translation>
    </message>
    <message>
        <source>%1 — TrainPlan presentation</source>
        <translation>%1 — TrainPlan 演示</translation>
    </message>
    <message>
        <source>What if the cluster had this many GPUs (whole nodes of %1)? The scenario is not changed.</source>
        <translation>如果集群有这么多块 GPU（以每节点 %1 块的整节点计）会怎样？场景本身不会改变。</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>What if each NIC had this inter-node bandwidth per direction? The scenario is not changed.</source>
        <translation>如果每块网卡的单向节点间带宽为此值会怎样？场景本身不会改变。</translation>
    </message>
    <message>
        <source>Back to the scenario&apos;s own GPU count and bandwidth.</source>
        <translation>恢复为场景自身的 GPU 数量和带宽。</translation>
    </message>
    <message>
        <source>What if: GPUs</source>
        <translation>假设：GPU 数</translation>
    </message>
    <message>
        <source>Inter-node bandwidth per NIC</source>
        <translation>每网卡节点间带宽</translation>
    </message>
    <message>
        <source>Updating…</source>
        <translation>正在更新…</translation>
    </message>
    <message>
        <source>Could not estimate: %1</source>
        <translation>无法估算：%1</translation>
    </message>
    <message>
        <source>What-if: %1 GPUs, %2 Gb/s per NIC (the scenario has %3 GPUs, %4 Gb/s)</source>
        <translation>假设：%1 块 GPU，每网卡 %2 Gb/s（场景为 %3 块 GPU，%4 Gb/s）</translation>
    </message>
    <message>
        <source>The scenario as edited</source>
        <translation>按编辑中的场景</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ReadinessSection</name>
    <message>
        <source>Why it matters: %1</source>
        <translation>为什么重要：%1</translation>
    </message>
    <message>
        <source>Team and platform readiness</source>
        <translation>团队与平台就绪度</translation>
    </message>
    <message>
        <source>What the team can do and what the platform provides. Unanswered means &quot;not in place&quot;; the advisor lists it as a prerequisite.</source>
        <translation>团队具备的能力和平台提供的条件。未回答即视为“不具备”，顾问会把它列为前提条件。</translation>
    </message>
    <message>
        <source>Single node only</source>
        <translation>仅单机</translation>
    </message>
    <message>
        <source>Has run DDP</source>
        <translation>运行过 DDP</translation>
    </message>
    <message>
        <source>Has tuned ZeRO or FSDP</source>
        <translation>调优过 ZeRO 或 FSDP</translation>
    </message>
    <message>
        <source>Has run 3D parallelism</source>
        <translation>运行过 3D 并行</translation>
    </message>
    <message>
        <source>The most demanding distributed setup the team has run in production; each level includes the ones before.</source>
        <translation>团队在生产中运行过的最复杂的分布式配置；每一级都包含之前各级。</translation>
    </message>
    <message>
        <source>Every framework above DDP adds concepts (sharding, wrapping, pipeline schedules) that take time to learn; the advisor counts the missing levels as weeks of work.</source>
        <translation>DDP 之上的每个框架都会引入需要时间学习的新概念（分片、包装、流水线调度）；顾问把缺少的等级折算为工作周数。</translation>
    </message>
    <message>
        <source>Team experience</source>
        <translation>团队经验</translation>
    </message>
    <message>
        <source>team experience</source>
        <translation>团队经验</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Hangs and NCCL errors</source>
        <translation>挂起和 NCCL 错误</translation>
    </message>
    <message>
        <source>Hangs and performance</source>
        <translation>挂起和性能问题</translation>
    </message>
    <message>
        <source>Can the team find why a job hangs in a collective, and also why it is slower than predicted?</source>
        <translation>团队能否查出作业为何卡在集合通信中，以及为何比预测更慢？</translation>
    </message>
    <message>
        <source>A hung job holds every GPU it has; the gap between predicted and achieved MFU is closed by profiling. Megatron-LM needs performance debugging.</source>
        <translation>挂起的作业会占住它的所有 GPU；预测与实际 MFU 之间的差距要靠性能剖析来弥合。Megatron-LM 需要性能调试能力。</translation>
    </message>
    <message>
        <source>Debugs distributed jobs</source>
        <translation>分布式作业调试</translation>
    </message>
    <message>
        <source>distributed debugging</source>
        <translation>分布式调试</translation>
    </message>
    <message>
        <source>Maintains framework and driver versions</source>
        <translation>维护框架与驱动版本</translation>
    </message>
    <message>
        <source>version maintenance</source>
        <translation>版本维护</translation>
    </message>
    <message>
        <source>Someone keeps framework, CUDA, NCCL and driver versions current and compatible.</source>
        <translation>有人负责让框架、CUDA、NCCL 和驱动版本保持最新且相互兼容。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Platform&lt;/b&gt;</source>
        <translation>&lt;b&gt;平台&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Gang scheduling</source>
        <translation>成组调度</translation>
    </message>
    <message>
        <source>gang scheduling</source>
        <translation>成组调度</translation>
    </message>
    <message>
        <source>The scheduler allocates all of a job&apos;s GPUs at once or none of them.</source>
        <translation>调度器要么一次分配作业所需的全部 GPU，要么一个也不分配。</translation>
    </message>
    <message>
        <source>From the cluster&apos;s link</source>
        <translation>按集群链路</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>RoCE</source>
        <translation>RoCE</translation>
    </message>
    <message>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <source>The RDMA fabric between nodes. &quot;From the cluster&apos;s link&quot; counts an InfiniBand or RoCE inter-node link as RDMA and Ethernet as none.</source>
        <translation>节点间的 RDMA 网络。“按集群链路”把 InfiniBand 或 RoCE 节点间链路视为 RDMA，以太网视为无。</translation>
    </message>
    <message>
        <source>RDMA network</source>
        <translation>RDMA 网络</translation>
    </message>
    <message>
        <source>Topology-aware placement</source>
        <translation>拓扑感知放置</translation>
    </message>
    <message>
        <source>topology-aware placement</source>
        <translation>拓扑感知放置</translation>
    </message>
    <message>
        <source>The scheduler places ranks by node and switch.</source>
        <translation>调度器按节点和交换机放置各进程。</translation>
    </message>
    <message>
        <source>Shared checkpoint storage</source>
        <translation>共享检查点存储</translation>
    </message>
    <message>
        <source>shared checkpoint storage</source>
        <translation>共享检查点存储</translation>
    </message>
    <message>
        <source>Shared high-bandwidth storage for (sharded) checkpoints.</source>
        <translation>用于（分片）检查点的共享高带宽存储。</translation>
    </message>
    <message>
        <source>Failure detection and automatic restart</source>
        <translation>故障检测与自动重启</translation>
    </message>
    <message>
        <source>failure recovery</source>
        <translation>故障恢复</translation>
    </message>
    <message>
        <source>Failed jobs are detected and restarted from the last checkpoint automatically.</source>
        <translation>自动检测失败的作业并从最近的检查点重启。</translation>
    </message>
    <message>
        <source>GPU and network monitoring</source>
        <translation>GPU 与网络监控</translation>
    </message>
    <message>
        <source>monitoring</source>
        <translation>监控</translation>
    </message>
    <message>
        <source>GPU and network metrics are collected per job.</source>
        <translation>按作业采集 GPU 和网络指标。</translation>
    </message>
    <message>
        <source>Standard training images</source>
        <translation>标准训练镜像</translation>
    </message>
    <message>
        <source>standard images</source>
        <translation>标准镜像</translation>
    </message>
    <message>
        <source>Curated, versioned container images for training.</source>
        <translation>经过整理、带版本号的训练容器镜像。</translation>
    </message>
    <message>
        <source>Cost attribution per job</source>
        <translation>按作业归集成本</translation>
    </message>
    <message>
        <source>cost attribution</source>
        <translation>成本归集</translation>
    </message>
    <message>
        <source>GPU-hours and cost are booked per job and team.</source>
        <translation>GPU 时和成本按作业和团队记账。</translation>
    </message>
    <message>
        <source>Required prerequisites each framework still misses on this cluster, with the planning effort to put them in place (docs/advisor.md §2). Recommended items are not counted.</source>
        <translation>各框架在此集群上仍缺少的必需前提条件，以及落实它们的规划工作量（docs/advisor.md §2）。不计入建议项。</translation>
    </message>
    <message>
        <source>Still needed</source>
        <translation>仍需具备</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message numerus="yes">
        <source>%n week(s): %1</source>
        <translation>
            <numerusform>%n 周：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::RoadmapTab</name>
    <message>
        <source>Reset to the default path</source>
        <translation>恢复默认路线</translation>
    </message>
    <message>
        <source>Ready: the recommended framework fits and its required prerequisites are in place. Needs prerequisites: it fits, but the team or platform still misses some. Does not fit: no framework fits; the closest one is named.</source>
        <translation>就绪：推荐的框架放得下，且其必需前提条件已具备。需要前提条件：放得下，但团队或平台仍缺少部分条件。放不下：没有框架放得下，列出最接近的一个。</translation>
    </message>
    <message>
        <source>Why: every number in these sentences comes from the simulator&apos;s estimates and break points for this scenario.</source>
        <translation>原因：这些句子中的每个数字都来自模拟器对此场景的估算和临界点。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Migration roadmap&lt;/b&gt;</source>
        <translation>&lt;b&gt;迁移路线图&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Removes the scenario&apos;s own stages so the advisor proposes its default path again (undoable).</source>
        <translation>删除场景自己的阶段，让顾问重新给出默认路线（可撤销）。</translation>
    </message>
    <message>
        <source>Computing the advice…</source>
        <translation>正在计算建议…</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Reset the roadmap to the default path</source>
        <translation>将路线图恢复为默认路线</translation>
    </message>
    <message>
        <source>stage %1 framework</source>
        <translation>阶段 %1 的框架</translation>
    </message>
    <message>
        <source>stage %1 trigger</source>
        <translation>阶段 %1 的触发条件</translation>
    </message>
    <message>
        <source>Mark a prerequisite done</source>
        <translation>将前提条件标为已完成</translation>
    </message>
    <message>
        <source>Mark a prerequisite missing</source>
        <translation>将前提条件标为缺失</translation>
    </message>
    <message>
        <source>Paused: fix the scenario&apos;s problems in the editor.</source>
        <translation>已暂停：请在编辑器中修正场景的问题。</translation>
    </message>
    <message>
        <source>The advisor failed: %1</source>
        <translation>顾问计算失败：%1</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Needs prerequisites</source>
        <translation>需要前提条件</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>Best plan</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Readiness</source>
        <translation>就绪度</translation>
    </message>
    <message>
        <source>excluded by constraints</source>
        <translation>被约束排除</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message numerus="yes">
        <source>%n week(s) missing</source>
        <translation>
            <numerusform>缺 %n 周</numerusform>
        </translation>
    </message>
    <message>
        <source>The advisor&apos;s default path; editing a stage stores the roadmap with the scenario.</source>
        <translation>顾问给出的默认路线；编辑任一阶段后，路线图会随场景保存。</translation>
    </message>
    <message>
        <source>The scenario&apos;s own roadmap (stored in its stages).</source>
        <translation>场景自己的路线图（保存在其 stages 中）。</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
    <message>
        <source>Computing the advice for “%1”…</source>
        <translation>正在为“%1”计算建议…</translation>
    </message>
    <message>
        <source>Computing… (greyed: the advice shown is from before the last edit)</source>
        <translation>计算中…（灰色：显示的是上次编辑之前的建议）</translation>
    </message>
    <message>
        <source>Stages</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Weeks from today: each stage&apos;s missing prerequisites (amber, each item counted once, in stage order), then its training run (blue: the expected time with checkpoints, failures and restarts). A stage whose trigger has not fired is not scheduled.</source>
        <translation>自今天起的周数：各阶段缺失的前置条件（琥珀色，按阶段顺序，每项只计一次），随后是该阶段的训练运行（蓝色：含检查点、故障与重启的预期时长）。触发条件尚未满足的阶段不排入日程。</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::RoadmapView</name>
    <message>
        <source>No stages: every stage&apos;s framework is excluded by the constraints.</source>
        <translation>没有阶段：每个阶段的框架都被约束排除了。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScalingChart</name>
    <message>
        <source>Scaling with GPU count</source>
        <translation>随 GPU 数量的扩展</translation>
    </message>
    <message>
        <source>Best plan per framework at each GPU count: solid lines are cluster tokens/s (left axis), dashed lines MFU (right axis).</source>
        <translation>各 GPU 数量下每个框架的最佳方案：实线为集群 token/秒（左轴），虚线为 MFU（右轴）。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>No framework fits at any GPU count</source>
        <translation>任何 GPU 数量下都没有框架放得下</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Throughput (%1)</source>
        <translation>吞吐（%1）</translation>
    </message>
    <message>
        <source>MFU (%), dashed</source>
        <translation>MFU（%，虚线）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 GPUs&lt;br&gt;%3&lt;br&gt;%4, MFU %5, step %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，%2 张 GPU&lt;br&gt;%3&lt;br&gt;%4，MFU %5，单步 %6</translation>
    </message>
    <message>
        <source>%1 MFU</source>
        <translation>%1 MFU</translation>
    </message>
    <message>
        <source>This cluster</source>
        <translation>当前集群</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScenarioComparisonDialog</name>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Compare scenarios</source>
        <translation>比较场景</translation>
    </message>
    <message>
        <source>Tick two to four scenarios:</source>
        <translation>勾选两到四个场景：</translation>
    </message>
    <message>
        <source>The edited scenario (%1)</source>
        <translation>当前编辑的场景（%1）</translation>
    </message>
    <message>
        <source>The library could not be read: %1</source>
        <translation>无法读取场景库：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n scenario(s) ticked: compare two to four.</source>
        <translation>
            <numerusform>已勾选 %n 个场景：请比较两到四个。</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” is not valid: %2</source>
        <translation>“%1”无效：%2</translation>
    </message>
    <message>
        <source>it could not be read</source>
        <translation>无法读取</translation>
    </message>
    <message numerus="yes">
        <source>Planning %n scenario(s)…</source>
        <translation>
            <numerusform>正在规划 %n 个场景…</numerusform>
        </translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Expected time to train</source>
        <translation>预期训练时间</translation>
    </message>
    <message>
        <source>Expected cost</source>
        <translation>预期成本</translation>
    </message>
    <message>
        <source>%1 step time</source>
        <translation>%1 单步时间</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>needs prerequisites</source>
        <translation>需先补齐前置条件</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source> ★ fastest</source>
        <translation> ★ 最快</translation>
    </message>
    <message>
        <source> ★ cheapest</source>
        <translation> ★ 最省</translation>
    </message>
    <message>
        <source>no GPU price</source>
        <translation>无 GPU 单价</translation>
    </message>
    <message>
        <source>excluded</source>
        <translation>已排除</translation>
    </message>
    <message>
        <source>Expected time and cost include checkpoints, failures and restarts; each scenario is planned with its calibration profile and the library&apos;s prices.</source>
        <translation>预期时间与成本包含检查点、故障与重启；每个场景都按其校准配置与场景库中的价格规划。</translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation>导出报告…</translation>
    </message>
    <message>
        <source>Write the edited scenario&apos;s planning report with the other compared scenarios side by side.</source>
        <translation>导出当前编辑场景的规划报告，并与其他对比场景并列展示。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScenarioDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>新建场景</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScenarioEditor</name>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>A name for this scenario, shown in the library and reports.</source>
        <translation>场景名称，显示在场景库和报告中。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>What this scenario is about (free text).</source>
        <translation>场景说明（自由文本）。</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>✓ Valid — results update as you edit.</source>
        <translation>✓ 有效 — 编辑时结果会实时更新。</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n problem(s): fix the marked fields.</source>
        <translation>
            <numerusform>⚠ %n 个问题：请修正标出的字段。</numerusform>
        </translation>
    </message>
    <message>
        <source>Results are paused until then.</source>
        <translation>在此之前结果暂停更新。</translation>
    </message>
    <message>
        <source>The description in Simplified Chinese, printed by Chinese reports (optional).</source>
        <translation>简体中文说明，中文报告会打印它（可选）。</translation>
    </message>
    <message>
        <source>Description (Chinese)</source>
        <translation>说明（中文）</translation>
    </message>
    <message>
        <source>Chinese description</source>
        <translation>中文说明</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScenarioLibraryDock</name>
    <message>
        <source>Scenario library</source>
        <translation>场景库</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Start a new scenario (Ctrl+N).</source>
        <translation>新建一个场景（Ctrl+N）。</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Open or import a scenario JSON file (Ctrl+O).</source>
        <translation>打开或导入场景 JSON 文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Remove from recent files</source>
        <translation>从最近文件中移除</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Scenarios shipped with TrainPlan (data/scenarios).</source>
        <translation>TrainPlan 自带的场景（data/scenarios）。</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>最近文件</translation>
    </message>
    <message>
        <source>Filter by name, tag or description</source>
        <translation>按名称、标签或描述筛选</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Save to library…</source>
        <translation>保存到场景库…</translation>
    </message>
    <message>
        <source>Save the edited scenario in the library with a name and tags (Ctrl+Shift+L); saving under an existing name adds a version.</source>
        <translation>以名称和标签将编辑中的场景保存到场景库（Ctrl+Shift+L）；以已有名称保存会新增一个版本。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>场景库</translation>
    </message>
    <message>
        <source>New library scenario…</source>
        <translation>新建场景库场景…</translation>
    </message>
    <message>
        <source>Import library file…</source>
        <translation>导入场景库文件…</translation>
    </message>
    <message>
        <source>Export library file…</source>
        <translation>导出场景库文件…</translation>
    </message>
    <message>
        <source>Scenarios saved in your library database.</source>
        <translation>保存在您的场景库数据库中的场景。</translation>
    </message>
    <message>
        <source>no library database is open</source>
        <translation>未打开场景库数据库</translation>
    </message>
    <message>
        <source>The library is not available: %1
Start with --db PATH (or set TRAINPLAN_DB) to use another file; everything else keeps working.</source>
        <translation>场景库不可用：%1
使用 --db PATH 启动（或设置 TRAINPLAN_DB）以使用其他文件；其余功能照常可用。</translation>
    </message>
    <message>
        <source>Scenarios saved in %1</source>
        <translation>保存在 %1 中的场景</translation>
    </message>
    <message>
        <source>%1
version %2 of %3, created %4, updated %5</source>
        <translation>%1
第 %2 版（共 %3 版），创建于 %4，更新于 %5</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>历史…</translation>
    </message>
    <message>
        <source>Duplicate…</source>
        <translation>复制…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>The library is not available.</source>
        <translation>场景库不可用。</translation>
    </message>
    <message>
        <source>The name is empty.</source>
        <translation>名称为空。</translation>
    </message>
    <message>
        <source>“%1” is already in the library.</source>
        <translation>“%1”已在场景库中。</translation>
    </message>
    <message>
        <source>New “%1”</source>
        <translation>新建“%1”</translation>
    </message>
    <message>
        <source>Duplicate “%1”</source>
        <translation>复制“%1”</translation>
    </message>
    <message>
        <source>Rename “%1” to “%2”</source>
        <translation>将“%1”重命名为“%2”</translation>
    </message>
    <message>
        <source>Delete “%1”</source>
        <translation>删除“%1”</translation>
    </message>
    <message>
        <source>New library scenario</source>
        <translation>新建场景库场景</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>新场景</translation>
    </message>
    <message>
        <source>Duplicate scenario</source>
        <translation>复制场景</translation>
    </message>
    <message>
        <source>Name of the copy:</source>
        <translation>副本名称：</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>Rename scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <source>Delete scenario</source>
        <translation>删除场景</translation>
    </message>
    <message>
        <source>Import library file</source>
        <translation>导入场景库文件</translation>
    </message>
    <message>
        <source>Library files (*.json)</source>
        <translation>场景库文件 (*.json)</translation>
    </message>
    <message>
        <source>Imported %1 new scenario(s) and %2 new version(s); %3 already present were skipped.</source>
        <translation>已导入 %1 个新场景和 %2 个新版本；跳过了 %3 个已存在的版本。</translation>
    </message>
    <message>
        <source>Export library file</source>
        <translation>导出场景库文件</translation>
    </message>
    <message>
        <source>Delete “%1” from the library? You can undo this with the library&apos;s Undo button: the scenario comes back with its version history and its measured runs.</source>
        <translation>从场景库中删除“%1”？可以用场景库的“撤销”按钮撤销：场景会连同其版本历史和实测运行记录一起恢复。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::SettingsDialog</name>
    <message>
        <source>How many units of the display currency one US dollar buys.</source>
        <translation>1 美元可兑换多少单位的显示货币。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>Language of the interface; takes effect after a restart.</source>
        <translation>界面语言；重启后生效。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>GB (10⁹ bytes, datasheet units)</source>
        <translation>GB（10⁹ 字节，数据表单位）</translation>
    </message>
    <message>
        <source>Memory unit</source>
        <translation>显存单位</translation>
    </message>
    <message>
        <source>US dollar ($)</source>
        <translation>美元（$）</translation>
    </message>
    <message>
        <source>Chinese yuan (¥)</source>
        <translation>人民币（¥）</translation>
    </message>
    <message>
        <source>Euro (€)</source>
        <translation>欧元（€）</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Units per US dollar</source>
        <translation>每美元兑换</translation>
    </message>
    <message>
        <source>Prices in scenarios are in US dollars; costs are converted at this rate for display.</source>
        <translation>场景中的价格以美元计；显示成本时按此汇率换算。</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The new language applies after TrainPlan restarts. Restart now?</source>
        <translation>新语言将在 TrainPlan 重启后生效。现在重启吗？</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>立即重启</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>GiB (2³⁰ bytes)</source>
        <translation>GiB（2³⁰ 字节）</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::SizingChart</name>
    <message>
        <source>Expected time to train × cost</source>
        <translation>预期训练时间 × 成本</translation>
    </message>
    <message>
        <source>Each point is a cluster (GPU type, count, network) with its framework&apos;s best plan, timed with failures and restarts. The line joins the Pareto front; the shaded region meets both the deadline and the budget.</source>
        <translation>每个点是一个集群（GPU 型号、数量、网络）及其框架的最佳方案，计时包含故障与重启。折线连接帕累托前沿；阴影区域同时满足期限与预算。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>没有结果</translation>
    </message>
    <message>
        <source>No configuration fits</source>
        <translation>没有能放下的配置</translation>
    </message>
    <message>
        <source>Expected time to train (days)</source>
        <translation>预期训练时间（天）</translation>
    </message>
    <message>
        <source>Expected cost (million CNY)</source>
        <translation>预期成本（百万元人民币）</translation>
    </message>
    <message>
        <source>Expected cost (million USD)</source>
        <translation>预期成本（百万美元）</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Meets both</source>
        <translation>同时满足</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::SizingTab</name>
    <message>
        <source>Use this cluster</source>
        <translation>使用此集群</translation>
    </message>
    <message>
        <source>Drag to change the deadline (log scale; far left: none).</source>
        <translation>拖动以更改期限（对数刻度；最左端：无）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>The expected time to train (with failures and restarts) must not exceed it: the scenario&apos;s constraints.deadline_days.</source>
        <translation>预期训练时间（含故障与重启）不得超过它：即场景的 constraints.deadline_days。</translation>
    </message>
    <message>
        <source>Drag to change the budget (log scale; far left: none).</source>
        <translation>拖动以更改预算（对数刻度；最左端：无）。</translation>
    </message>
    <message>
        <source>The expected cost of the run must not exceed it: the scenario&apos;s constraints.budget, in its currency (set in the editor).</source>
        <translation>训练的预期成本不得超过它：即场景的 constraints.budget，以其货币计（在编辑器中设置）。</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>List</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Expected time</source>
        <translation>预期时间</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练率</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Make the selected configuration the scenario&apos;s cluster: GPU, nodes, network (undoable).</source>
        <translation>将选中的配置设为场景的集群：GPU、节点数、网络（可撤销）。</translation>
    </message>
    <message>
        <source>Computing the sizing…</source>
        <translation>正在测算集群规模…</translation>
    </message>
    <message>
        <source>Set the deadline</source>
        <translation>设置期限</translation>
    </message>
    <message>
        <source>Set the budget</source>
        <translation>设置预算</translation>
    </message>
    <message>
        <source>Paused: fix the scenario&apos;s problems in the editor.</source>
        <translation>已暂停：请在编辑器中修正场景的问题。</translation>
    </message>
    <message>
        <source>Sizing…</source>
        <translation>测算中…</translation>
    </message>
    <message>
        <source>The sizing failed: %1</source>
        <translation>规模测算失败：%1</translation>
    </message>
    <message>
        <source>No deadline or budget is set: the front spans every configuration up to %1 GPUs. Set them above or in the editor&apos;s Constraints.</source>
        <translation>未设置期限或预算：前沿覆盖最多 %1 块 GPU 的所有配置。请在上方或编辑器的“约束”中设置。</translation>
    </message>
    <message>
        <source>Nothing meets both constraints:</source>
        <translation>没有方案同时满足两个约束：</translation>
    </message>
    <message>
        <source>Cheapest meeting the deadline within the budget</source>
        <translation>满足期限且在预算内的最便宜方案</translation>
    </message>
    <message>
        <source>Fastest within the budget meeting the deadline</source>
        <translation>在预算内且满足期限的最快方案</translation>
    </message>
    <message>
        <source>%1 candidates, %2 searched, %3 pruned, %4 reused · %5 ms</source>
        <translation>候选 %1 个，搜索 %2 个，剪枝 %3 个，复用 %4 个 · %5 毫秒</translation>
    </message>
    <message>
        <source>Prices used:
%1</source>
        <translation>所用价格：
%1</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>%1 top 5</source>
        <translation>%1 前 5</translation>
    </message>
    <message>
        <source>Over budget</source>
        <translation>超预算</translation>
    </message>
    <message>
        <source>cheapest meeting the deadline</source>
        <translation>满足期限的最便宜方案</translation>
    </message>
    <message>
        <source>Late</source>
        <translation>超期</translation>
    </message>
    <message>
        <source>fastest within the budget</source>
        <translation>预算内的最快方案</translation>
    </message>
    <message>
        <source>fastest of all</source>
        <translation>全部中最快</translation>
    </message>
    <message>
        <source>cheapest of all</source>
        <translation>全部中最便宜</translation>
    </message>
    <message>
        <source>Use the sized cluster %1</source>
        <translation>使用测算出的集群 %1</translation>
    </message>
    <message>
        <source>left out without a price: %1</source>
        <translation>因无价格未纳入：%1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::StackedBarChart</name>
    <message>
        <source>The bar is cut at the edge of the axis: it is %1 long.</source>
        <translation>该条在坐标轴边缘被截断：实际长度为 %1。</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;✂ %2</source>
        <translation>%1&lt;br&gt;✂ %2</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::StageCard</name>
    <message>
        <source>%1&lt;br&gt;step %2 · MFU %3 · %4 · %5</source>
        <translation>%1&lt;br&gt;步时间 %2 · MFU %3 · %4 · %5</translation>
    </message>
    <message>
        <source>&lt;i&gt;%1 is excluded by the scenario&apos;s constraints.&lt;/i&gt;</source>
        <translation>&lt;i&gt;%1 被场景约束排除。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Automatic (%1)</source>
        <translation>自动（%1）</translation>
    </message>
    <message>
        <source>The framework this stage moves to. Automatic keeps the previous stage&apos;s framework (the first stage takes the recommendation).</source>
        <translation>此阶段迁移到的框架。“自动”沿用上一阶段的框架（第一阶段采用推荐框架）。</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2), %n GPU(s)</source>
        <translation>
            <numerusform>%1（%2），%n 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>the stage&apos;s own plan</source>
        <translation>阶段自己的方案</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d32f2f&apos;&gt;does not fit&lt;/span&gt;: closest %1 needs %2 per GPU</source>
        <translation>&lt;span style=&apos;color:#d32f2f&apos;&gt;放不下&lt;/span&gt;：最接近的 %1 每块 GPU 需要 %2</translation>
    </message>
    <message>
        <source>no valid plan</source>
        <translation>没有有效方案</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>MFU below</source>
        <translation>MFU 低于</translation>
    </message>
    <message>
        <source>Cost above</source>
        <translation>成本高于</translation>
    </message>
    <message>
        <source>GPUs above</source>
        <translation>GPU 多于</translation>
    </message>
    <message>
        <source>Team decision</source>
        <translation>团队决定</translation>
    </message>
    <message>
        <source>What moves the team to this stage: the previous stage&apos;s framework running out of memory, its MFU or cost crossing a threshold, the cluster growing, or a decision.</source>
        <translation>促使团队进入此阶段的条件：上一阶段的框架显存不足、其 MFU 或成本越过阈值、集群扩大，或团队决定。</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#2e7d32&apos;&gt;● reached today&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#2e7d32&apos;&gt;● 当前已满足&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#9e9e9e&apos;&gt;○ not reached yet&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#9e9e9e&apos;&gt;○ 尚未满足&lt;/span&gt;</translation>
    </message>
    <message>
        <source>◇ team decision</source>
        <translation>◇ 团队决定</translation>
    </message>
    <message>
        <source>&lt;b&gt;Prerequisites&lt;/b&gt; — all in place</source>
        <translation>&lt;b&gt;前提条件&lt;/b&gt; — 全部具备</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Prerequisites&lt;/b&gt; — %1 missing, about %n week(s)</source>
        <translation>
            <numerusform>&lt;b&gt;前提条件&lt;/b&gt; — 缺 %1 项，约 %n 周</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
Effort to put in place: about %n week(s) (%2). Ticking it updates the team and platform readiness of the scenario.</source>
        <translation>
            <numerusform>%1
落实所需工作量：约 %n 周（%2）。勾选会更新场景的团队与平台就绪度。</numerusform>
        </translation>
    </message>
    <message>
        <source>A prerequisite of this stage; ticking it marks it done in the stored roadmap.</source>
        <translation>此阶段的一项前提条件；勾选后会在保存的路线图中标为已完成。</translation>
    </message>
    <message>
        <source>%1× faster than %2</source>
        <translation>比 %2 快 %1×</translation>
    </message>
    <message>
        <source>saves %1</source>
        <translation>节省 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Expected gain&lt;/b&gt;: %1</source>
        <translation>&lt;b&gt;预期收益&lt;/b&gt;：%1</translation>
    </message>
    <message>
        <source>Move on when the previous framework&apos;s best MFU falls below this.</source>
        <translation>当上一框架的最佳 MFU 低于此值时进入此阶段。</translation>
    </message>
    <message>
        <source>Move on when the previous framework&apos;s cost for the whole training run exceeds this.</source>
        <translation>当上一框架完成整个训练的成本超过此值时进入此阶段。</translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation> 块 GPU</translation>
    </message>
    <message>
        <source>Move on when the cluster grows beyond this many GPUs.</source>
        <translation>当集群超过这么多块 GPU 时进入此阶段。</translation>
    </message>
    <message>
        <source>This trigger takes no threshold.</source>
        <translation>此触发条件没有阈值。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::StageMemoryChart</name>
    <message>
        <source>Memory per pipeline stage</source>
        <translation>各流水线阶段的显存</translation>
    </message>
    <message>
        <source>Each pipeline stage&apos;s per-GPU memory at its own peak moment: the first stage holds the embeddings and the most in-flight micro-batches, the last the LM head and the loss.</source>
        <translation>每个流水线阶段在其自身峰值时刻的每 GPU 显存：第一阶段持有嵌入层和最多的在途微批次，最后阶段持有输出头和损失。</translation>
    </message>
    <message>
        <source>No plan to show</source>
        <translation>没有可显示的方案</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每 GPU %1</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>%1 (dense)</source>
        <translation>%1（稠密）</translation>
    </message>
    <message>
        <source>%1 Dense part: attention, norms, dense FFN, shared experts, router, embeddings and LM head.</source>
        <translation>%1 稠密部分：注意力、归一化、稠密 FFN、共享专家、路由器、嵌入层和 LM 头。</translation>
    </message>
    <message>
        <source>%1 (routed experts)</source>
        <translation>%1（路由专家）</translation>
    </message>
    <message>
        <source>%1 Routed experts: split over the expert-parallel group (ep), their states sharded over dp·cp/ep.</source>
        <translation>%1 路由专家：在专家并行组（ep）上切分，其状态在 dp·cp/ep 上分片。</translation>
    </message>
    <message>
        <source>%1 (stages %2)</source>
        <translation>%1（第 %2 级）</translation>
    </message>
    <message>
        <source>%1: %2 dense + %3 MoE</source>
        <translation>%1：%2 稠密 + %3 MoE</translation>
    </message>
    <message>
        <source>dense only</source>
        <translation>仅稠密</translation>
    </message>
    <message>
        <source>expert + dense</source>
        <translation>专家 + 稠密</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 layers (%3 dense, %4 MoE; ranks %5), %n micro-batch(es) in flight, peak %6 at %7</source>
        <translation>
            <numerusform>%1：%2 层（%3 稠密，%4 MoE；rank 类型：%5），%n 个微批次在途，峰值 %6 出现在%7</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 dense + %2 MoE</source>
        <translation>%1 稠密 + %2 MoE</translation>
    </message>
    <message>
        <source>Memory per stage (light: experts)</source>
        <translation>各级显存（浅色：专家）</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::StepTimeChart</name>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>No plan to show</source>
        <translation>没有可显示的方案</translation>
    </message>
    <message>
        <source>milliseconds per step</source>
        <translation>每步毫秒数</translation>
    </message>
    <message>
        <source>seconds per step</source>
        <translation>每步秒数</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::TrainingSection</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source> B</source>
        <translation> 十亿</translation>
    </message>
    <message>
        <source>tokens to train</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>flash attention</source>
        <translation>flash attention</translation>
    </message>
    <message>
        <source>Usual for the software stack</source>
        <translation>按软件栈的常用内核</translation>
    </message>
    <message>
        <source>FlashAttention-2 (PyTorch SDPA, flash-attn 2)</source>
        <translation>FlashAttention-2（PyTorch SDPA、flash-attn 2）</translation>
    </message>
    <message>
        <source>cuDNN fused / FlashAttention-3 (Transformer Engine)</source>
        <translation>cuDNN 融合注意力 / FlashAttention-3（Transformer Engine）</translation>
    </message>
    <message>
        <source>FlashAttention in Triton (e.g. llm-foundry attn_impl: triton)</source>
        <translation>Triton 实现的 FlashAttention（如 llm-foundry attn_impl: triton）</translation>
    </message>
    <message>
        <source>attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>Usual for the framework</source>
        <translation>按框架的常用方式</translation>
    </message>
    <message>
        <source>PyTorch eager</source>
        <translation>PyTorch eager 模式</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile 编译</translation>
    </message>
    <message>
        <source>Fused kernels (Transformer Engine)</source>
        <translation>融合内核（Transformer Engine）</translation>
    </message>
    <message>
        <source>Fused kernels with CUDA graphs</source>
        <translation>融合内核 + CUDA Graphs</translation>
    </message>
    <message>
        <source>software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <source>Fused (--cross-entropy-loss-fusion)</source>
        <translation>融合（--cross-entropy-loss-fusion）</translation>
    </message>
    <message>
        <source>Unfused (Megatron-LM default)</source>
        <translation>未融合（Megatron-LM 默认）</translation>
    </message>
    <message>
        <source>Transformer Engine kernel (impl te)</source>
        <translation>Transformer Engine 内核（impl te）</translation>
    </message>
    <message>
        <source>loss kernel</source>
        <translation>损失内核</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::WhatIfPanel</name>
    <message>
        <source>What if…</source>
        <translation>假设分析…</translation>
    </message>
    <message>
        <source>GPUs in the cluster (whole nodes).</source>
        <translation>集群中的 GPU 数（按整节点）。</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>Inter-node bandwidth per NIC per direction.</source>
        <translation>每块网卡的单向节点间带宽。</translation>
    </message>
    <message>
        <source>Global batch in sequences per optimizer step.</source>
        <translation>每次优化器更新的全局批大小（序列数）。</translation>
    </message>
    <message>
        <source>Tokens per training sequence.</source>
        <translation>每条训练序列的 token 数。</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>Multiplies the model&apos;s parameter count, growing depth and width together.</source>
        <translation>按倍数缩放模型参数量，同时增加深度和宽度。</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Network / NIC</source>
        <translation>每网卡带宽</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Model scale</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <source>Reset to scenario</source>
        <translation>恢复为场景取值</translation>
    </message>
    <message>
        <source>Back to the values of the edited scenario.</source>
        <translation>恢复为当前编辑场景中的取值。</translation>
    </message>
    <message>
        <source>%1 · %2 layers × %3 hidden</source>
        <translation>%1 · %2 层 × 隐藏维度 %3</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>%1× (%2)</source>
        <translation>%1×（%2）</translation>
    </message>
</context>
</TS>
