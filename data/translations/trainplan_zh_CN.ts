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
        <source>Copy chart</source>
        <translation>复制图表</translation>
    </message>
    <message>
        <source>Save chart as PNG…</source>
        <translation>将图表另存为 PNG…</translation>
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
        <source>no GPU price</source>
        <translation>无 GPU 单价</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::BreakPointsChart</name>
    <message>
        <source>No results</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>Best MFU (%)</source>
        <translation>最佳 MFU（%）</translation>
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
        <source>GPU&apos;s price</source>
        <translation>GPU 价格</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CompareTab</name>
    <message>
        <source>All plans</source>
        <translation>所有方案</translation>
    </message>
    <message>
        <source>Selected plan: memory</source>
        <translation>所选方案：显存</translation>
    </message>
    <message>
        <source>Show derivation…</source>
        <translation>显示推导…</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CompareTableModel</name>
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
</context>
<context>
    <name>trainplan::ui::ConfigFiles</name>
    <message>
        <source>&amp;Import configs…</source>
        <translation>导入配置(&amp;I)…</translation>
    </message>
    <message>
        <source>E&amp;xport launch files…</source>
        <translation>导出启动文件(&amp;X)…</translation>
    </message>
    <message>
        <source>Import configs</source>
        <translation>导入配置</translation>
    </message>
    <message>
        <source>Export launch files</source>
        <translation>导出启动文件</translation>
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
        <source>No results</source>
        <translation>没有结果</translation>
    </message>
    <message>
        <source>Best MFU (%)</source>
        <translation>最佳 MFU（%）</translation>
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
</context>
<context>
    <name>trainplan::ui::DerivationTreeModel</name>
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
        <source>Sweeps %p%</source>
        <translation>扫描 %p%</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
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
        <source>Open</source>
        <translation>打开</translation>
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
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>标签：</translation>
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
        <source>Explore</source>
        <translation>探索</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>目录</translation>
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
        <source>Open scenario</source>
        <translation>打开场景</translation>
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
        <source>Save scenario as</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
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
        <source>New scenario</source>
        <translation>新建场景</translation>
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
        <source>Recompute now</source>
        <translation>立即重新计算</translation>
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
        <source>Roadmap</source>
        <translation>路线图</translation>
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
        <source>Save to library</source>
        <translation>保存到场景库</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>双击</translation>
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
        <source>Measurements</source>
        <translation>实测数据</translation>
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
        <source>S&amp;izing</source>
        <translation>规模测算(&amp;I)</translation>
    </message>
    <message>
        <source>Roadmap / Sizing tab</source>
        <translation>“路线图”/“规模测算”页</translation>
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
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
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
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>none (full attention)</source>
        <translation>无（全注意力）</translation>
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
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>  of which recompute</source>
        <translation>  其中重计算</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>整次训练</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanKnobsEditor</name>
    <message>
        <source>framework</source>
        <translation>框架</translation>
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
</context>
<context>
    <name>trainplan::ui::PlanScatterChart</name>
    <message>
        <source>Step time (s)</source>
        <translation>单步时间（秒）</translation>
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
        <source>Add plan</source>
        <translation>添加方案</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PresentationWindow</name>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
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
        <source>Could not estimate: %1</source>
        <translation>无法估算：%1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ReadinessSection</name>
    <message>
        <source>Team and platform readiness</source>
        <translation>团队与平台就绪度</translation>
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
        <source>Debugs distributed jobs</source>
        <translation>分布式作业调试</translation>
    </message>
    <message>
        <source>distributed debugging</source>
        <translation>分布式调试</translation>
    </message>
    <message>
        <source>version maintenance</source>
        <translation>版本维护</translation>
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
        <source>Shared checkpoint storage</source>
        <translation>共享检查点存储</translation>
    </message>
    <message>
        <source>shared checkpoint storage</source>
        <translation>共享检查点存储</translation>
    </message>
    <message>
        <source>failure recovery</source>
        <translation>故障恢复</translation>
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
        <source>Standard training images</source>
        <translation>标准训练镜像</translation>
    </message>
    <message>
        <source>standard images</source>
        <translation>标准镜像</translation>
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
        <source>Still needed</source>
        <translation>仍需具备</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::RoadmapTab</name>
    <message>
        <source>&lt;b&gt;Migration roadmap&lt;/b&gt;</source>
        <translation>&lt;b&gt;迁移路线图&lt;/b&gt;</translation>
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
        <source>Stages</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScalingChart</name>
    <message>
        <source>Scaling with GPU count</source>
        <translation>随 GPU 数量的扩展</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>MFU (%), dashed</source>
        <translation>MFU（%，虚线）</translation>
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
        <source>Export report…</source>
        <translation>导出报告…</translation>
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
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
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
        <source>Open…</source>
        <translation>打开…</translation>
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
        <source>Recent files</source>
        <translation>最近文件</translation>
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
        <source>Export library file</source>
        <translation>导出场景库文件</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
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
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
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
        <source>No results</source>
        <translation>没有结果</translation>
    </message>
    <message>
        <source>No configuration fits</source>
        <translation>没有能放下的配置</translation>
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
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
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
        <source>Set the deadline</source>
        <translation>设置期限</translation>
    </message>
    <message>
        <source>Set the budget</source>
        <translation>设置预算</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>前沿</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::StageCard</name>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
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
        <source> GPUs</source>
        <translation> 块 GPU</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::StageMemoryChart</name>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>dense only</source>
        <translation>仅稠密</translation>
    </message>
    <message>
        <source>expert + dense</source>
        <translation>专家 + 稠密</translation>
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
        <source>attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <source>loss kernel</source>
        <translation>损失内核</translation>
    </message>
    <message>
        <source>attention dropout</source>
        <translation>注意力 dropout</translation>
    </message>
    <message>
        <source>hidden dropout</source>
        <translation>隐藏层 dropout</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::WhatIfPanel</name>
    <message>
        <source>What if…</source>
        <translation>假设分析…</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
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
</context>
</TS>
